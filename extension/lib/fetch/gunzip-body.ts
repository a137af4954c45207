import type { FetchedResource } from '../../../shared/types/fetcher.js';
import { decodeBody } from '../../../shared/text/decode.js';
import { gunzipBytes, isGzipBytes } from '../../../shared/text/gunzip.js';

/**
 * FetchOptions.gunzipBody in the browser: a body that is itself a gzip file (a sitemap.xml.gz, or gzip served
 * as XML without Content-Encoding, which the browser leaves alone) is decompressed with DecompressionStream.
 */
export async function gunzipResource(resource: FetchedResource, rawBytes: Uint8Array, maxBytes: number): Promise<FetchedResource> {
  if (resource.error || !isGzipBytes(rawBytes)) return resource;
  const plain = await gunzipBytes(rawBytes, maxBytes);
  if (!plain) return resource;
  const decoded = decodeBody(plain.bytes, undefined);
  return {
    ...resource,
    body: decoded.text,
    encoding: decoded.encoding,
    binary: decoded.binary,
    truncated: resource.truncated || plain.truncated,
    gunzipped: true,
  };
}
