import type { Account, ApiKeyRecord } from '../store/contracts/accounts.js';

/** What middleware leaves on `ctx.state` for later middleware and routes. */
export interface ApiState {
  requestId: string;
  account?: Account;
  key?: ApiKeyRecord;
  /** The parsed JSON body (json-body middleware). */
  body?: unknown;
  /** Set by koa-ratelimit when it refused the request. */
  rateLimit?: unknown;
}

/** `ctx.state` behind the authentication guard: the caller's account and key are known. */
export interface AuthedState extends ApiState {
  account: Account;
  key: ApiKeyRecord;
}
