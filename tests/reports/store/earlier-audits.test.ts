/** Store.earlierAudits against both implementations: the embedded lowdb store and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject } from '../../server/store/store-subjects.js';
import { describeEarlierAuditsContract } from './earlier-audits-contract.js';

describeEarlierAuditsContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeEarlierAuditsContract(postgresSubject());
});
