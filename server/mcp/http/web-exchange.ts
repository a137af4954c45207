/**
 * The SDK's web-standard Streamable HTTP transport speaks Request and Response; Koa keeps the answer
 * (so the request log, X-Request-Id, the draining and error middleware see it as any other route).
 * Only the headers the transport reads are passed on: the API key never reaches the MCP layer.
 * The transport's own refusals (a missing Accept, an unsupported protocol version) come as JSON-RPC
 * errors; they leave in the API's error shape, `{"error": "..."}`, with their status.
 */
import type { ParameterizedContext } from 'koa';
import { HttpError } from '../../http/http-error.js';
import type { ApiState } from '../../http/state.js';
import { STATELESS_REVISIONS } from '../stateless-revision.js';

const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

export function toWebRequest(ctx: ParameterizedContext<ApiState>): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = ctx.get(name);
    // The SDK checks this header against the handshake revisions it knows; a stateless revision's requests are
    // told apart by their `_meta` (../stateless-revision.ts), which says the same version.
    if (name === 'mcp-protocol-version' && STATELESS_REVISIONS.includes(value)) continue;
    if (value) headers.set(name, value);
  }
  return new Request(`http://localhost${ctx.path}`, { method: ctx.method, headers });
}

export async function answerWith(ctx: ParameterizedContext<ApiState>, response: Response): Promise<void> {
  const text = await response.text();
  if (response.status >= 400)
    throw new HttpError(response.status, jsonRpcErrorMessage(text) ?? `MCP request refused with status ${response.status}`);
  ctx.status = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') ctx.set(name, value);
  });
  ctx.body = text; // '' for 202 (notifications only): an empty body, not Koa's 204
}

function jsonRpcErrorMessage(text: string): string | null {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && message ? message : null;
  } catch {
    return null;
  }
}
