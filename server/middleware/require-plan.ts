import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error.js';
import type { ApiState } from '../http/state.js';

const PLAN_NAMES = { free: 'Free', pro: 'Pro', agency: 'Agency' } as const;

/** The API is an Agency-plan feature (docs/api-decisions.md#accounts-and-keys): other plans get 403. Runs after authenticate. */
export function requireAgencyPlan(): Middleware<ApiState> {
  return async (ctx, next) => {
    const plan = ctx.state.account?.plan;
    if (plan !== 'agency') {
      const current = plan ? ` (this account is on the ${PLAN_NAMES[plan]} plan)` : '';
      throw new HttpError(403, `The API requires the Agency plan${current}`);
    }
    await next();
  };
}
