/**
 * A branding logo (docs/api-decisions.md#reports-shares-and-diffs): a `data:` URL of a PNG, JPEG or SVG of at most 200 KB. Rasters are
 * checked by their magic bytes (the declared type must be the real one); an SVG is sanitised and stored as
 * the sanitised version, base64 encoded. Anything else is a LogoError with a message for the 400.
 */
import { sanitizeSvg, SvgRejectedError } from './sanitize-svg.js';

export const LOGO_MAX_BYTES = 200 * 1024;

export class LogoError extends Error {}

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml))((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is;

export function normalizeLogo(dataUrl: string): string {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw new LogoError('logo must be a data: URL of a PNG, JPEG or SVG image (data:image/png;base64,...)');
  const type = match[1]!.toLowerCase();
  const base64 = Boolean(match[3]);
  const payload = match[4]!;
  let bytes: Buffer;
  if (base64) {
    const compact = payload.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new LogoError('logo: the base64 data is not valid');
    bytes = Buffer.from(compact, 'base64');
  } else {
    if (type !== 'image/svg+xml') throw new LogoError('logo: a PNG or JPEG must be base64 encoded');
    try {
      bytes = Buffer.from(decodeURIComponent(payload), 'utf8');
    } catch {
      throw new LogoError('logo: the URL-encoded SVG is not valid');
    }
  }
  if (bytes.length === 0) throw new LogoError('logo: the image is empty');
  if (bytes.length > LOGO_MAX_BYTES)
    throw new LogoError(`logo: the image is ${Math.ceil(bytes.length / 1024)} KB; the limit is ${LOGO_MAX_BYTES / 1024} KB`);
  if (type === 'image/png' && !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new LogoError('logo: the data is not a PNG image');
  }
  if (type === 'image/jpeg' && !(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff))
    throw new LogoError('logo: the data is not a JPEG image');
  if (type !== 'image/svg+xml') return `data:${type};base64,${bytes.toString('base64')}`;
  let svg: string;
  try {
    svg = sanitizeSvg(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof SvgRejectedError) throw new LogoError(error.message);
    throw error;
  }
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
