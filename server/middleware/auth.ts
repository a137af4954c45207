/**
 * Bearer API keys (docs/api-decisions.md#accounts-and-keys). The key is hashed at once and looked up by hash; the hashes are
 * compared in constant time. A revoked or expired key is 401; a read-only key (scope "read") on any method
 * but GET and HEAD is 403, here by method, so every route behind the guard inherits it. 401 and 403
 * answers carry WWW-Authenticate as RFC 6750 describes; so does the 400 for a request with more than one
 * Authorization header.
 */
import type { Middleware } from 'koa';
import { API_KEY_PATTERN, hashApiKey, sameHash } from '../auth/api-key.js';
import { HttpError } from '../http/http-error.js';
import type { ApiState } from '../http/state.js';
import type { Store } from '../store/contracts/store.js';

const REALM = 'Bearer realm="citable"';

function unauthorized(message: string, error?: 'invalid_request' | 'invalid_token'): HttpError {
  return new HttpError(401, message, { 'WWW-Authenticate': error ? `${REALM}, error="${error}"` : REALM });
}

/** Methods a read-only key may use: they read (OPTIONS never reaches a route: CORS answers it). */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthenticateOptions {
  now?: () => Date;
  /**
   * False only for a route that reads and writes through one method and checks `ctx.state.key.scope`
   * itself (POST /mcp: a tool call that writes is refused there). Default true: a read-only key is
   * refused every method but GET and HEAD, so every route inherits the rule.
   */
  scopeByMethod?: boolean;
}

/** 403 for a read-only key on a request that writes (RFC 6750 section 3.1: insufficient_scope). */
export function readOnlyKeyRefusal(message: string): HttpError {
  return new HttpError(403, message, { 'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="full"` });
}

export function authenticate(store: Store, options: AuthenticateOptions = {}): Middleware<ApiState> {
  const now = options.now ?? (() => new Date());
  const scopeByMethod = options.scopeByMethod ?? true;
  return async (ctx, next) => {
    // Node keeps only the first of repeated Authorization headers in req.headers: which key would count
    // would depend on their order. RFC 6750 section 3.1 calls a repeated credential invalid_request (400).
    const sent = ctx.req.headersDistinct.authorization?.length ?? 0;
    if (sent > 1) {
      throw new HttpError(400, `Send exactly one Authorization header: this request has ${sent}`, {
        'WWW-Authenticate': `${REALM}, error="invalid_request"`,
      });
    }
    const header = ctx.get('authorization');
    if (!header) throw unauthorized('Missing API key: send the header "Authorization: Bearer <API_KEY>"');
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Malformed Authorization header: expected "Bearer <API_KEY>"', 'invalid_request');
    const key = match[1]!;
    if (!API_KEY_PATTERN.test(key))
      throw unauthorized('Malformed API key: keys look like cit_ followed by 32 letters and digits', 'invalid_token');
    const hash = hashApiKey(key);
    const record = await store.findKeyByHash(hash);
    if (!record || !sameHash(record.hash, hash)) throw unauthorized('Unknown API key', 'invalid_token');
    if (record.revoked_at) throw unauthorized('This API key has been revoked', 'invalid_token');
    if (record.expires_at && Date.parse(record.expires_at) <= now().getTime())
      throw unauthorized(`This API key expired at ${record.expires_at}`, 'invalid_token');
    const account = await store.getAccount(record.account_id);
    if (!account) throw unauthorized('Unknown API key', 'invalid_token');
    if (scopeByMethod && record.scope === 'read' && !READ_METHODS.has(ctx.method)) {
      throw readOnlyKeyRefusal(
        `This API key is read-only: it can read (GET), not ${ctx.method}. Use a key with full access for requests that change anything`,
      );
    }
    ctx.state.key = record;
    ctx.state.account = account;
    await next();
  };
}
