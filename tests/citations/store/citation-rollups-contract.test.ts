/** The citation rollup contract against both stores: lowdb (in-memory day series) and PostgreSQL (rollup tables). */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject } from '../../server/store/store-subjects.js';
import { describeCitationRollupContract } from './citation-rollups-contract.js';

describeCitationRollupContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeCitationRollupContract(postgresSubject());
});
