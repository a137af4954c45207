import zlib from 'node:zlib';
import type { Transform } from 'node:stream';

/** What we advertise: everything Node decodes natively. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Decoders for a Content-Encoding, outermost first in the returned chain (the reverse of the
 * header's order). Sync flush at the end tolerates a body cut short, as browsers do; corrupt data
 * still errors. Returns null for no (or only unknown) codings: the body is then read as is.
 * `firstBytes` sniffs whether "deflate" is zlib-wrapped or raw (servers send both).
 */
export function decoderChain(contentEncoding: string | undefined, firstBytes: Uint8Array): Transform[] | null {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c && c !== 'identity');
  if (codings.length === 0 || !codings.every((c) => KNOWN.has(c))) return null;
  return codings.reverse().map((coding, i) => decoderFor(coding, i === 0 ? firstBytes : undefined));
}

const KNOWN = new Set(['gzip', 'x-gzip', 'deflate', 'br']);
const FLUSH = { finishFlush: zlib.constants.Z_SYNC_FLUSH };

function decoderFor(coding: string, firstBytes: Uint8Array | undefined): Transform {
  switch (coding) {
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case 'deflate':
      return firstBytes && !looksZlibWrapped(firstBytes) ? zlib.createInflateRaw(FLUSH) : zlib.createInflate(FLUSH);
    default:
      return zlib.createGunzip(FLUSH);
  }
}

/** A gzip stream decoder with the same tolerance of a cut-short end as the Content-Encoding ones. */
export function gunzipStream(): Transform {
  return zlib.createGunzip(FLUSH);
}

/** RFC 1952 section 2.3.1: ID1 ID2 (1F 8B), then CM 8 (deflate). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

/** RFC 1950 header: compression method 8 and a header checksum divisible by 31. */
function looksZlibWrapped(b: Uint8Array): boolean {
  if (b.length < 2) return true;
  return (b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0;
}
