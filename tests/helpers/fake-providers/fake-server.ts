/**
 * A provider stand-in on 127.0.0.1: records every request (method, path, query, headers, body) and
 * answers from scripts. A script is keyed by what the request asks (the prompt, a SerpApi page_token);
 * its replies are served in order and the last one repeats. Unscripted requests get the fallback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body, or undefined. */
  body: any;
  rawBody: string;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as is (with its own content-type header). */
  text?: string;
  /** Never answer (timeouts). */
  hang?: boolean;
  /** Answer after this long (concurrency tests). */
  delayMs?: number;
}

export type KeyOf = (request: RecordedRequest) => string | undefined;

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  /** Most requests being answered at one time. */
  maxInFlight = 0;
  #inFlight = 0;
  readonly #scripts = new Map<string, FakeReply[]>();
  readonly #hanging = new Set<http.ServerResponse>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    private readonly keyOf: KeyOf,
    private readonly fallback: (request: RecordedRequest) => FakeReply,
  ) {}

  static async start(keyOf: KeyOf, fallback: (request: RecordedRequest) => FakeReply): Promise<FakeServer> {
    const handler: { fake?: FakeServer } = {};
    const server = http.createServer((req, res) => void handler.fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    handler.fake = new FakeServer(server, `http://127.0.0.1:${port}`, keyOf, fallback);
    return handler.fake;
  }

  /** Replies for requests with this key, in order; the last one repeats. */
  on(key: string, ...replies: FakeReply[]): this {
    this.#scripts.set(key, [...replies]);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.#scripts.clear();
    this.maxInFlight = 0;
  }

  /** Requests whose key (prompt) is this. */
  requestsFor(key: string): RecordedRequest[] {
    return this.requests.filter((r) => this.keyOf(r) === key);
  }

  async close(): Promise<void> {
    for (const res of this.#hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      rawBody,
    };
    this.requests.push(recorded);
    const key = this.keyOf(recorded);
    const script = key === undefined ? undefined : this.#scripts.get(key);
    const reply = script && script.length > 0 ? (script.length > 1 ? script.shift()! : script[0]!) : this.fallback(recorded);
    if (reply.hang) {
      this.#hanging.add(res);
      return;
    }
    this.#inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    this.#inFlight--;
    const headers: Record<string, string> = { ...reply.headers };
    let payload = reply.text ?? '';
    if (reply.json !== undefined) {
      payload = JSON.stringify(reply.json);
      headers['content-type'] ??= 'application/json';
    }
    res.writeHead(reply.status ?? 200, headers);
    res.end(req.method === 'HEAD' ? undefined : payload);
  }
}
