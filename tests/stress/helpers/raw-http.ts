/**
 * HTTP/1.1 requests written byte for byte on a socket, so a test can send what `fetch` would refuse or
 * normalise (odd Authorization forms, raw bytes in headers, malformed percent-encoding in the path).
 * One request per connection (`Connection: close`); the answer is read to the end and parsed.
 */
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** The request-target exactly as sent. */
  target: string;
  /** Header lines in order; values are sent as their UTF-8 bytes. */
  headers: Array<[string, string]>;
  body?: Buffer;
  /** Send the body with chunked transfer-encoding instead of Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function rawRequest(port: number, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const body = request.body;
  if (body && request.chunked) lines.push('Transfer-Encoding: chunked');
  else if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  const payload =
    body && request.chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body;

  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks), request.method));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(payload ? Buffer.concat([head, payload]) : head);
  });
}

function parseResponse(raw: Buffer, method: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete response head in ${raw.length} bytes: ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...headerLines] = raw.toString('latin1', 0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (method === 'HEAD' || status === 204 || status === 304) body = Buffer.alloc(0);
  else if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
