import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addAudit, HISTORY_LIMIT, listRecords, loadAudit } from '../../extension/lib/sync/records.js';
import { NOT_CONFIGURED, SENDING } from '../../extension/lib/sync/reasons.js';
import { sampleAudit } from './helpers/sample-audit.js';

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

beforeEach(() => fakeBrowser.reset());

describe('history limit', () => {
  it('keeps the last 25 when no backend is set: nothing waits to send them', async () => {
    for (let i = 0; i < 30; i++) await addAudit(sampleAudit({ id: id(i) }), NOT_CONFIGURED);
    const records = await listRecords();
    expect(records).toHaveLength(HISTORY_LIMIT);
    expect(records[0]!.id).toBe(id(29));
    expect(await loadAudit(id(0))).toBeUndefined(); // the full audit goes with its entry
    expect(await loadAudit(id(29))).toBeDefined();
  });

  it('never drops an audit a configured backend is still waiting for', async () => {
    for (let i = 0; i < 30; i++) await addAudit(sampleAudit({ id: id(i) }), SENDING);
    expect(await listRecords()).toHaveLength(30);
  });
});
