/**
 * What can go wrong asking an engine, as kinds the check acts on: `rate_limited`, `server`, `timeout`
 * and `network` are retried (honouring any Retry-After); `auth`, `quota` (out of credit: retrying
 * cannot help today), `bad_request`, `bad_response`, `budget` and `cancelled` are not.
 */
export type EngineErrorKind =
  'auth' | 'quota' | 'rate_limited' | 'server' | 'timeout' | 'network' | 'bad_request' | 'bad_response' | 'budget' | 'cancelled';

const RETRYABLE: ReadonlySet<EngineErrorKind> = new Set(['rate_limited', 'server', 'timeout', 'network']);

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.name = 'EngineError';
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }

  get retryAfterMs(): number | null {
    return this.details.retryAfterMs ?? null;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}
