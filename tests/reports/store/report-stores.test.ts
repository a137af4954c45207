/** Branding and share links against both implementations: the embedded lowdb store and PostgreSQL. */
import { describe } from 'vitest';
import { servicesAvailable } from '../../helpers/services/index.js';
import { lowdbSubject, postgresSubject } from '../../server/store/store-subjects.js';
import { describeReportStoresContract } from './report-stores-contract.js';

describeReportStoresContract(lowdbSubject());
describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
  describeReportStoresContract(postgresSubject());
});
