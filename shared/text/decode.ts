/**
 * Bytes to text the way a browser does it (WHATWG Encoding): a BOM wins, then the transport
 * charset, then a <meta charset> / <?xml encoding> prescan of the first 1024 bytes, else UTF-8.
 * Invalid sequences become U+FFFD rather than failing. Pure: runs in Node and in the browser.
 */

export interface DecodedBody {
  text: string;
  /** WHATWG encoding name used, or null when the body is binary. */
  encoding: string | null;
  binary: boolean;
}

const BINARY_TYPES =
  /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-7z|vnd\.|msword|wasm|x-shockwave|x-protobuf|protobuf)/i;
const TEXT_TYPES = /^text\/|[/+](json|xml|javascript|ecmascript|x-javascript|markdown|ld\+json|x-ndjson)\b|^application\/(json|xml|xhtml)/i;

export function decodeBody(bytes: Uint8Array, contentType: string | undefined): DecodedBody {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (BINARY_TYPES.test(mime) || (!TEXT_TYPES.test(mime) && looksBinary(bytes))) {
    return { text: '', encoding: null, binary: true };
  }
  const bom = bomEncoding(bytes);
  const label =
    bom?.encoding ??
    charsetParam(contentType) ??
    (mime === '' || mime.includes('html') || mime.includes('xml') ? prescanCharset(bytes) : null) ??
    'utf-8';
  const decoder = makeDecoder(label);
  const body = bom ? bytes.subarray(bom.length) : bytes;
  return { text: decoder.decode(body), encoding: decoder.encoding, binary: false };
}

function makeDecoder(label: string): TextDecoder {
  try {
    const d = new TextDecoder(label, { fatal: false, ignoreBOM: true });
    // A document cannot declare itself UTF-16 in a meta tag; browsers treat that as UTF-8.
    return d.encoding.startsWith('utf-16') ? new TextDecoder('utf-8', { ignoreBOM: true }) : d;
  } catch {
    return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  }
}

function bomEncoding(b: Uint8Array): { encoding: string; length: number } | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

function charsetParam(contentType: string | undefined): string | null {
  const m = contentType?.match(/;\s*charset\s*=\s*"?([^";\s]+)"?/i);
  return m ? m[1]!.toLowerCase() : null;
}

/** Simplified HTML prescan: the first meta charset declaration within the first 1024 bytes. */
function prescanCharset(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, 1024));
  const meta =
    head.match(/<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i) ?? head.match(/<\?xml[^>]+encoding\s*=\s*["']([a-z0-9_:.-]+)/i);
  return meta ? meta[1]!.toLowerCase() : null;
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** NUL bytes in the first 512 bytes mean a binary file (the WHATWG MIME sniffing heuristic). */
function looksBinary(bytes: Uint8Array): boolean {
  if (bomEncoding(bytes)) return false;
  const n = Math.min(bytes.length, 512);
  for (let i = 0; i < n; i++) {
    const c = bytes[i]!;
    if (c === 0 || (c < 0x09 && c !== 0x1b)) return true;
  }
  return false;
}
