/**
 * The contract suites of every resource of the store (server/store/contracts/<resource>.ts), each a
 * function of a store subject, and describeContracts, which runs a resource's suites on both stores:
 * lowdb, and PostgreSQL (a real server; without PostgreSQL installed the run says so loudly and skips it,
 * and in CI it fails). Each resource has <resource>.test.ts here calling describeContracts('<resource>');
 * ../registry.test.ts checks that every resource in server/store/contracts/ has both implementations,
 * its suites here and that test file.
 */
import { describe } from 'vitest';
import { servicesAvailable } from '../../../helpers/services/index.js';
import { lowdbSubject, postgresSubject, type StoreSubject } from '../subjects.js';
import { describeAccountsContract } from './accounts.js';
import { describeAccountDeletionContract } from './account-deletion.js';
import { describeRetentionContract } from './audits-retention.js';
import { describeAuditsContract } from './audits.js';
import { describeEarlierAuditsContract } from './audits-earlier.js';
import { describeBrandingContract } from './branding.js';
import { describeCitationStoreContract } from './citations.js';
import { describeCitationRollupContract } from './citations-rollups.js';
import { describeCrawlStoreContract } from './crawls.js';
import { crawlSubjectOf } from './crawls-subjects.js';
import { describeMonitorStoreContract } from './monitors.js';
import { describeMonitorEditContract } from './monitors-edit.js';
import { describeProjectsContract } from './projects.js';
import { describeSharesContract } from './shares.js';
import { describeTrafficContract } from './traffic.js';
import { describeWebhookStoreContract } from './webhooks.js';
import { describeWebhookEditContract } from './webhooks-edit.js';

export type ContractSuite = (subject: StoreSubject) => void;

export const CONTRACT_SUITES = {
  accounts: [describeAccountsContract, describeAccountDeletionContract],
  audits: [describeAuditsContract, describeEarlierAuditsContract, describeRetentionContract],
  branding: [describeBrandingContract],
  citations: [describeCitationStoreContract, describeCitationRollupContract],
  crawls: [(subject) => describeCrawlStoreContract(crawlSubjectOf(subject))],
  monitors: [describeMonitorStoreContract, describeMonitorEditContract],
  projects: [describeProjectsContract],
  shares: [describeSharesContract],
  traffic: [describeTrafficContract],
  webhooks: [describeWebhookStoreContract, describeWebhookEditContract],
} satisfies Record<string, readonly ContractSuite[]>;

export type Resource = keyof typeof CONTRACT_SUITES;

/** Runs every suite of the resource against lowdb, then against PostgreSQL. */
export function describeContracts(resource: Resource): void {
  for (const suite of CONTRACT_SUITES[resource]) suite(lowdbSubject());
  describe.runIf(servicesAvailable('postgres'))('with a real PostgreSQL server', () => {
    for (const suite of CONTRACT_SUITES[resource]) suite(postgresSubject());
  });
}
