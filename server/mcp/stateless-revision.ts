/**
 * MCP's stateless revision, 2026-07-28 (docs/mcp.md#protocol-revisions), beside the handshake revisions the SDK
 * speaks (2025-11-25 and older). A request whose `_meta` names `io.modelcontextprotocol/protocolVersion` is a
 * request of the stateless revision: it needs no `initialize`, `server/discover` answers what the server is,
 * and every result carries `resultType`. Citable's tools are one request and one answer each, so the
 * stateless revision changes only that envelope: this wrapper of the SDK's transport (stdio or HTTP) answers
 * `server/discover`, refuses a stateless revision it does not know (-32022 with the versions it does), and marks
 * the results of stateless requests. Everything else, `initialize` included, reaches the SDK as before.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const STATELESS_REVISION = '2026-07-28';
/** The stateless revisions this server speaks (the SDK negotiates the older ones in `initialize`). */
export const STATELESS_REVISIONS: readonly string[] = [STATELESS_REVISION];
/** JSON-RPC error of the stateless revision: the request's protocol version is not one the server implements. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

export interface ServerIdentity {
  name: string;
  title?: string;
  version: string;
  instructions: string;
}

type Id = string | number;
interface Request {
  jsonrpc: '2.0';
  id: Id;
  method: string;
  params?: { _meta?: Record<string, unknown> };
}

/** The protocol version a request's `_meta` names, or null when it names none (a request of the handshake revisions). */
export function statelessVersionOf(message: unknown): string | null {
  if (!message || typeof message !== 'object') return null;
  const request = message as Partial<Request>;
  if (typeof request.method !== 'string' || request.id === undefined) return null;
  const version = request.params?._meta?.[VERSION_KEY];
  return typeof version === 'string' ? version : null;
}

/** The handshake revisions name their versions as dates before the stateless one; those stay with the SDK. */
function isHandshakeRevision(version: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version < STATELESS_REVISION;
}

export function withStatelessRevision(inner: Transport, identity: ServerIdentity): Transport {
  const stateless = new Set<Id>();
  const outer: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message: JSONRPCMessage, options?: TransportSendOptions) {
      const reply = message as { id?: Id; result?: Record<string, unknown> };
      if (reply.id !== undefined && stateless.delete(reply.id) && reply.result) {
        return inner.send({ ...message, result: { resultType: 'complete', ...reply.result } } as JSONRPCMessage, options);
      }
      return inner.send(message, options);
    },
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onmessage = (message, extra) => {
    const version = statelessVersionOf(message);
    if (version === null || isHandshakeRevision(version)) return outer.onmessage?.(message, extra);
    const request = message as unknown as Request;
    if (!STATELESS_REVISIONS.includes(version)) {
      const error = {
        code: UNSUPPORTED_PROTOCOL_VERSION,
        message: `Unsupported protocol version: ${version}`,
        data: { requested: version, supported: [...STATELESS_REVISIONS] },
      };
      return void inner.send({ jsonrpc: '2.0', id: request.id, error } as JSONRPCMessage).catch((e: Error) => outer.onerror?.(e));
    }
    if (request.method === 'server/discover') {
      return void inner
        .send({ jsonrpc: '2.0', id: request.id, result: discoverResult(identity) } as JSONRPCMessage)
        .catch((e: Error) => outer.onerror?.(e));
    }
    stateless.add(request.id);
    return outer.onmessage?.(message, extra);
  };
  return outer;
}

function discoverResult(identity: ServerIdentity): Record<string, unknown> {
  const { instructions, ...serverInfo } = identity;
  return { resultType: 'complete', supportedVersions: [...STATELESS_REVISIONS], capabilities: { tools: {} }, serverInfo, instructions };
}
