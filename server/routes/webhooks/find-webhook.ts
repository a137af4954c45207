import { WEBHOOK_ID_PATTERN } from '../../../shared/schema/webhook.js';
import { HttpError } from '../../http/http-error.js';
import type { StoredWebhook } from '../../store/contracts/webhooks.js';
import type { RouteDeps } from '../route-deps.js';

/** The account's webhook with the id in the path; unknown, malformed or another account's: 404. */
export async function findWebhook(deps: RouteDeps, accountId: string, id: string | undefined): Promise<StoredWebhook> {
  const webhook = id && WEBHOOK_ID_PATTERN.test(id) ? await (await deps.store.webhooks()).getWebhook(accountId, id) : null;
  if (!webhook) throw new HttpError(404, 'Webhook not found');
  return webhook;
}
