/**
 * Reads a JSON request body into ctx.state.body: 415 unless Content-Type is JSON (UTF-8, not compressed),
 * 413 beyond `limitBytes` (checked against Content-Length first, then while reading), 400 when it is not
 * valid UTF-8, does not parse or is not an object.
 */
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { HttpError } from '../http/http-error.js';
import type { ApiState } from '../http/state.js';

// fatal: bytes that are not UTF-8 are refused, not silently replaced by U+FFFD.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function jsonBody(limitBytes: number): Middleware<ApiState> {
  const limitText = limitBytes >= 1024 * 1024 ? `${limitBytes / (1024 * 1024)} MB` : `${limitBytes / 1024} KB`;
  return async (ctx, next) => {
    if (!hasBody(ctx.req.headers)) throw new HttpError(400, 'Request body required: send a JSON object');
    if (!ctx.is('application/json', '+json')) {
      throw new HttpError(415, 'Unsupported Content-Type: send the body as application/json');
    }
    const charset = ctx.request.charset;
    if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') {
      throw new HttpError(415, 'Unsupported charset: send the JSON body as UTF-8');
    }
    const encoding = (ctx.get('content-encoding') || 'identity').toLowerCase();
    if (encoding !== 'identity') throw new HttpError(415, `Unsupported Content-Encoding "${encoding}": send the body uncompressed`);

    let bytes: Buffer;
    try {
      bytes = await getRawBody(ctx.req, { limit: limitBytes, length: ctx.get('content-length') || undefined });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw new HttpError(413, `Request body too large: the limit is ${limitText}`);
      if (type === 'request.aborted') throw new HttpError(400, 'Request body was cut short');
      throw new HttpError(400, 'Request body could not be read');
    }
    let text: string;
    try {
      text = UTF8.decode(bytes); // a leading byte order mark is dropped, as RFC 8259 allows
    } catch {
      throw new HttpError(400, 'Request body is not valid UTF-8: send the JSON body as UTF-8');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, `Malformed JSON in request body: ${(error as Error).message}`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Request body must be a JSON object');
    ctx.state.body = body;
    await next();
  };
}

/** The same for an optional body: a request with none at all reads as `{}` (the defaults). */
export function optionalJsonBody(limitBytes: number): Middleware<ApiState> {
  const parse = jsonBody(limitBytes);
  return (ctx, next) => {
    const length = ctx.get('content-length');
    const sent = (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
    if (sent) return parse(ctx, next);
    ctx.state.body = {};
    return next();
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}
