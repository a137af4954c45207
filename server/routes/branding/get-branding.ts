/** GET /branding: the account's report branding. */
import { route } from '../route.js';
import { brandingToWire } from './branding-wire.js';

export const getBranding = route({
  method: 'GET',
  path: '/branding',
  async handle(ctx, deps) {
    ctx.body = { branding: brandingToWire(await (await deps.store.branding()).getBranding(ctx.state.account.id)) };
  },
});
