/** GET /shares: the account's live share links (neither revoked nor expired), without their tokens. */
import { route } from '../route.js';

export const listShares = route({
  method: 'GET',
  path: '/shares',
  async handle(ctx, deps) {
    const shares = await (await deps.store.shares()).listLiveShares(ctx.state.account.id, deps.now());
    ctx.body = {
      shares: shares.map((s) => ({
        id: s.id,
        kind: s.kind,
        target_id: s.target_id,
        created_at: s.created_at,
        expires_at: s.expires_at,
      })),
    };
  },
});
