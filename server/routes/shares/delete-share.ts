/** DELETE /shares/{id}: revokes a share link (204); the link is 404 from then on. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';

const SHARE_ID = /^shr_[A-Za-z0-9]{16}$/;

export const deleteShare = route({
  method: 'DELETE',
  path: '/shares/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const revoked = SHARE_ID.test(id)
      ? await (await deps.store.shares()).revokeShare(ctx.state.account.id, id, deps.now().toISOString())
      : null;
    if (!revoked) throw new HttpError(404, 'Share not found');
    ctx.status = 204;
  },
});
