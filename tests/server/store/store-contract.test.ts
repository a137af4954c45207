/** The Store contract against both implementations: the embedded lowdb store and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { describeStoreContract } from './store-contract.js';
import { lowdbSubject, postgresSubject } from './store-subjects.js';

describeStoreContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeStoreContract(postgresSubject());
});
