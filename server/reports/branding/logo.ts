/**
 * A branding logo (PUT /branding): a `data:` URL of a PNG, JPEG or SVG of at most 200 KB. Rasters are
 * checked by their magic bytes (the declared type must be the real one); an SVG is checked against its structural
 * limits here (svg-shape.ts, one cheap pass), then sanitised on the logo thread (logo-thread.ts, with its time and
 * memory budget) and stored as the sanitised version, base64 encoded. Anything else is a LogoError with the status
 * and message the API answers: 400 for a bad logo, 422 for one too complex to sanitise within the budget, 503 when
 * the logo thread's line is full.
 */
import { LogoBudgetError, LogoBusyError, logoSanitizer, type LogoSanitizer } from './logo-thread.js';
import { shapeMessage, svgShapeProblem } from './svg-shape.js';

export const LOGO_MAX_BYTES = 200 * 1024;

export class LogoError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 422 | 503 = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'LogoError';
  }
}

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml))((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,(.*)$/is;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The logo as it is stored; `sanitizer`: the logo thread (default: the process's own). */
export async function normalizeLogo(dataUrl: string, sanitizer: LogoSanitizer = logoSanitizer()): Promise<string> {
  const { type, bytes } = decodeLogo(dataUrl);
  if (type !== 'image/svg+xml') return `data:${type};base64,${bytes.toString('base64')}`;
  const svg = await sanitizedSvg(bytes.toString('utf8'), sanitizer);
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The declared type and the bytes of a logo's data URL, its size and magic bytes checked. */
function decodeLogo(dataUrl: string): { type: string; bytes: Buffer } {
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
  if (type === 'image/png' && !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new LogoError('logo: the data is not a PNG image');
  if (type === 'image/jpeg' && !(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff))
    throw new LogoError('logo: the data is not a JPEG image');
  return { type, bytes };
}

async function sanitizedSvg(text: string, sanitizer: LogoSanitizer): Promise<string> {
  const problem = svgShapeProblem(text);
  if (problem) throw new LogoError(shapeMessage(problem));
  let result;
  try {
    result = await sanitizer.sanitize(text);
  } catch (error) {
    if (error instanceof LogoBudgetError) throw new LogoError(`logo: the SVG ${error.message}; simplify it`, 422);
    if (error instanceof LogoBusyError) throw new LogoError(error.message, 503, { 'Retry-After': '5' });
    throw error;
  }
  if (!result.ok) throw new LogoError(result.message);
  return result.svg;
}
