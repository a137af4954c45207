/** `?policy=` of the fix routes (GET /audits/{id}/fixes, GET /crawls/{id}/fixes). */
import { DEFAULT_FIX_POLICY, FIX_POLICIES, type FixPolicy } from '../../shared/fixes/types.js';
import { HttpError } from '../http/http-error.js';
import { singleParam, type RawQuery } from './query-params.js';
import { FIXES_PER_MINUTE } from '../../shared/schema/fixes.js';

export const FIXES_RATE_LIMIT = {
  namespace: 'fixes',
  max: FIXES_PER_MINUTE,
  durationMs: 60_000,
  message: `Rate limit exceeded: max ${FIXES_PER_MINUTE} fix requests per minute`,
};

export function parseFixPolicy(raw: RawQuery): FixPolicy {
  const policy = singleParam(raw, 'policy') ?? DEFAULT_FIX_POLICY;
  if (!(FIX_POLICIES as readonly string[]).includes(policy))
    throw new HttpError(400, `policy must be ${FIX_POLICIES.join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  return policy as FixPolicy;
}
