/** DELETE /webhooks/{id} (204); unknown or another account's: 404. */
import { WEBHOOK_ID_PATTERN } from '../../../shared/schema/webhook.js';
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';

export const deleteWebhook = route({
  method: 'DELETE',
  path: '/webhooks/:id',
  async handle(ctx, deps) {
    const id = ctx.params.id ?? '';
    if (!WEBHOOK_ID_PATTERN.test(id) || !(await (await deps.store.webhooks()).deleteWebhook(ctx.state.account.id, id)))
      throw new HttpError(404, 'Webhook not found');
    ctx.status = 204;
  },
});
