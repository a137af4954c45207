/** The test API with a clock the test moves, a PDF printer on the real Chromium, and audits put straight into its store. */
import { randomUUID } from 'node:crypto';
import { canonicalHash } from '../../../server/audits/canonical-hash.js';
import { createReportsRuntime, type ReportsRuntime } from '../../../server/reports/reports-runtime.js';
import type { Audit } from '../../../shared/types/audit.js';
import { startTestApi, type TestApi } from './test-api.js';
import { CHROMIUM } from '../../reports/helpers/chromium.js';
import { makeAudit } from '../../reports/fixtures/audits.js';

export const T0 = Date.parse('2026-11-21T12:00:00.000Z');
export const DAY = 86_400_000;

export interface ReportApi extends TestApi {
  clock: { now: number };
  reports: ReportsRuntime;
  putAudit(audit: Partial<Audit>, accountId?: string): Promise<Audit>;
  closeAll(): Promise<void>;
}

export async function startReportApi(
  options: { publicUrl?: string | null; chromiumPath?: string; rulesDocUrl?: string | null } = {},
): Promise<ReportApi> {
  const clock = { now: T0 };
  const reports = createReportsRuntime({
    publicUrl: options.publicUrl ?? null,
    chromiumPath: options.chromiumPath ?? CHROMIUM,
    pdfConcurrency: 2,
    pdfTimeoutMs: 60_000,
    rulesDocUrl: options.rulesDocUrl ?? null,
  });
  const api = await startTestApi({ now: () => new Date(clock.now), reports });
  return Object.assign(api, {
    clock,
    reports,
    async putAudit(overrides: Partial<Audit>, accountId = api.accountId) {
      const audit = makeAudit({ id: randomUUID(), ...overrides });
      const outcome = await api.store.putAudit(accountId, audit, canonicalHash(audit));
      if (outcome !== 'created') throw new Error(`putAudit: ${outcome}`);
      return audit;
    },
    async closeAll() {
      await reports.close();
      await api.close({ removeData: true });
    },
  });
}
