/**
 * Gzip decompression for hosts without their own: the platform's DecompressionStream (browsers, Node 18+,
 * Deno), read chunk by chunk so a small file cannot grow past `maxBytes` (a bomb stops at the cap).
 */

/** Gzip data opens with 1F 8B 08: ID1, ID2 and CM = deflate (RFC 1952, section 2.3.1). */
export function isGzipBytes(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

export interface Gunzipped {
  bytes: Uint8Array;
  /** True when the data held more than `maxBytes`. */
  truncated: boolean;
}

/** The decompressed bytes, at most `maxBytes`; null when the platform has no DecompressionStream or the data is corrupt. */
export async function gunzipBytes(bytes: Uint8Array, maxBytes: number): Promise<Gunzipped | null> {
  if (typeof DecompressionStream !== 'function') return null;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - total;
      chunks.push(value.subarray(0, Math.max(0, room)));
      total += Math.min(value.length, Math.max(0, room));
      if (value.length > room) {
        truncated = true;
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch {
    // A cut-short file still gives what was read; a corrupt one gives nothing.
    if (!total) return null;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { bytes: out, truncated };
}
