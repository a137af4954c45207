/** The CitationStore contract against both implementations: the journaled lowdb store and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject } from '../../server/store/store-subjects.js';
import { describeCitationStoreContract } from './citation-store-contract.js';

describeCitationStoreContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeCitationStoreContract(postgresSubject());
});
