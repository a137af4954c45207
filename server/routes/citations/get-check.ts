/** GET /citations/checks/{id}: a check's progress. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { checkToWire } from './citation-wire.js';

const CHECK_ID = /^chk_[A-Za-z0-9]{16}$/;

export const getCheck = route({
  method: 'GET',
  path: '/citations/checks/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    const store = await deps.store.citations();
    const check = CHECK_ID.test(id) ? await store.getCheck(id) : null;
    // Scheduled checks (no account) and other accounts' checks are not the caller's: 404.
    if (!check || check.account_id !== ctx.state.account.id) throw new HttpError(404, 'Check not found');
    ctx.body = { check: checkToWire(check, await store.resultCount(id)) };
  },
});
