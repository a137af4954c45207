/** The WebhookStore contract against both implementations: the embedded lowdb store and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject } from '../../server/store/store-subjects.js';
import { describeWebhookStoreContract } from './webhook-store-contract.js';

describeWebhookStoreContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeWebhookStoreContract(postgresSubject());
});
