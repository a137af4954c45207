import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { flushQueue, type QueueDeps } from '../../extension/lib/sync/queue.js';
import { addAudit, HISTORY_LIMIT, listRecords, updateSync } from '../../extension/lib/sync/records.js';
import { saveSettings } from '../../extension/lib/settings.js';
import { NOT_CONFIGURED } from '../../extension/lib/sync/reasons.js';
import { classifyResponse, type SendOutcome } from '../../extension/lib/sync/classify.js';
import { HOLD_MS } from '../../extension/lib/sync/queue.js';
import { sampleAudit } from './helpers/sample-audit.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const GOOD = { backendUrl: 'http://127.0.0.1:8787', apiKey: 'cit_good' };

function deps(outcomes: SendOutcome[], now = 1_000_000): QueueDeps & { sent: string[]; scheduled: Array<number | null> } {
  const sent: string[] = [];
  const scheduled: Array<number | null> = [];
  return {
    sent,
    scheduled,
    now: () => now,
    random: () => 0.5,
    send: vi.fn(async (audit): Promise<SendOutcome> => {
      sent.push(audit.id);
      return outcomes.shift() ?? { kind: 'synced', status: 201 };
    }),
    schedule: async (at) => void scheduled.push(at),
  };
}
const stateOf = async (auditId: string) => (await listRecords()).find((r) => r.id === auditId)!.sync;

beforeEach(() => fakeBrowser.reset());

describe('sync queue', () => {
  it('waits for settings before sending anything', async () => {
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    const d = deps([]);
    await flushQueue(d, true);
    expect(d.sent).toEqual([]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'pending', reason: NOT_CONFIGURED });
  });

  it('sends oldest first and marks each synced', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await addAudit(sampleAudit({ id: id(2) }), 'x');
    const d = deps([
      { kind: 'synced', status: 201 },
      { kind: 'synced', status: 200 },
    ]);
    await flushQueue(d);
    expect(d.sent).toEqual([id(1), id(2)]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'synced', attempts: 1 });
    expect(d.scheduled.at(-1)).toBeNull();
  });

  it('keeps audits pending with backoff while the backend is down, and does not resend before it is due', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await addAudit(sampleAudit({ id: id(2) }), 'x');
    const down = deps([{ kind: 'retry', reason: 'Backend is unreachable' }]);
    await flushQueue(down, true);
    expect(down.sent).toEqual([id(1)]); // the rest would meet the same answer
    const s = await stateOf(id(2));
    expect(s).toMatchObject({ state: 'pending', reason: 'Backend is unreachable' });
    expect(s.nextAttemptAt).toBeGreaterThan(1_000_000);
    expect(down.scheduled.at(-1)).toBe(s.nextAttemptAt);

    const early = deps([]);
    await flushQueue(early);
    expect(early.sent).toEqual([]);
    const later = deps([], s.nextAttemptAt! + 1);
    await flushQueue(later);
    expect(later.sent).toEqual([id(1), id(2)]);
    expect((await stateOf(id(2))).state).toBe('synced');
  });

  it('fails on a refused key with its reason, and retries once the key changes', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await flushQueue(deps([{ kind: 'settings', reason: 'API key refused (401)' }]), true);
    expect(await stateOf(id(1))).toMatchObject({ state: 'failed', reason: 'API key refused (401)' });

    const same = deps([]);
    await flushQueue(same, true);
    expect(same.sent).toEqual([]); // the same key would be refused again right away

    await saveSettings({ ...GOOD, apiKey: 'cit_fixed' });
    const fixed = deps([]);
    await flushQueue(fixed, true);
    expect(fixed.sent).toEqual([id(1)]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'synced' });
  });

  it('retries a refused key with backoff, so a fix made on the server side is picked up', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    const refused = deps([{ kind: 'settings', reason: 'API key refused (401)' }]);
    await flushQueue(refused, true);
    const s = await stateOf(id(1));
    expect(s).toMatchObject({ state: 'failed', reason: 'API key refused (401)' });
    expect(s.nextAttemptAt).toBeGreaterThan(1_000_000);
    expect(refused.scheduled.at(-1)).toBe(s.nextAttemptAt);

    const early = deps([], s.nextAttemptAt! - 1);
    await flushQueue(early);
    expect(early.sent).toEqual([]);
    const due = deps([], s.nextAttemptAt! + 1);
    await flushQueue(due);
    expect(due.sent).toEqual([id(1)]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'synced' });
  });

  it('keeps an audit refused for its key in the history however many audits follow', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await flushQueue(deps([{ kind: 'settings', reason: 'API key refused (401)' }]), true);
    for (let i = 2; i <= HISTORY_LIMIT + 3; i++) {
      await addAudit(sampleAudit({ id: id(i) }), 'x');
      await updateSync(id(i), (s) => ({ ...s, state: 'synced', attempts: 1 }));
    }
    expect((await listRecords()).map((r) => r.id)).toContain(id(1));
  });

  it('does not retry a conflict', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await flushQueue(deps([{ kind: 'rejected', reason: 'Conflict (409)' }]), true);
    const again = deps([]);
    await flushQueue(again, true);
    expect(again.sent).toEqual([]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'failed', reason: 'Conflict (409)' });
  });

  it('a 413 holds that audit alone: kept, the audits behind it sent, and it is sent again once its hold ends', async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await addAudit(sampleAudit({ id: id(2) }), 'x');
    const tooLarge = classifyResponse(413, 'Request body too large: the limit is 5 MB', null);
    const first = deps([tooLarge]);
    await flushQueue(first, true);
    expect(first.sent).toEqual([id(1), id(2)]);
    expect(await stateOf(id(1))).toMatchObject({ state: 'pending', holdUntil: 1_000_000 + HOLD_MS, attempts: 1 });
    expect((await stateOf(id(1))).reason).toMatch(/413.*the limit is 5 MB.*Kept here/);
    expect((await stateOf(id(2))).state).toBe('synced');
    expect(first.scheduled.at(-1), 'the background wakes when the hold ends').toBe(1_000_000 + HOLD_MS);

    for (let i = 3; i <= HISTORY_LIMIT + 5; i++) await addAudit(sampleAudit({ id: id(i) }), 'x');
    expect((await listRecords()).map((r) => r.id)).toContain(id(1)); // never trimmed while it waits

    const during = deps([], 1_000_000 + HOLD_MS - 1);
    await flushQueue(during);
    expect(during.sent).not.toContain(id(1));
    const after = deps([], 1_000_000 + HOLD_MS);
    await flushQueue(after);
    expect(after.sent).toContain(id(1));
    expect(await stateOf(id(1))).toMatchObject({ state: 'synced', attempts: 2 });
    expect((await stateOf(id(1))).holdUntil).toBeUndefined();
  });

  it("the daily sync cap's 429 holds every audit until its Retry-After, keeping them all", async () => {
    await saveSettings(GOOD);
    await addAudit(sampleAudit({ id: id(1) }), 'x');
    await addAudit(sampleAudit({ id: id(2) }), 'x');
    const capped = classifyResponse(429, 'Sync cap reached: at most 2,000 audit syncs per account in 24 hours', '86000');
    const first = deps([capped]);
    await flushQueue(first, true);
    expect(first.sent).toEqual([id(1)]);
    for (const n of [1, 2]) expect(await stateOf(id(n))).toMatchObject({ state: 'pending', nextAttemptAt: 1_000_000 + 86_000_000 });
    const early = deps([], 1_000_000 + 86_000_000 - 1);
    await flushQueue(early);
    expect(early.sent).toEqual([]);
    const due = deps([], 1_000_000 + 86_000_000);
    await flushQueue(due);
    expect(due.sent).toEqual([id(1), id(2)]);
  });

  it('trims old history but never drops an unsent audit', async () => {
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) await addAudit(sampleAudit({ id: id(i) }), 'x');
    expect((await listRecords()).length).toBe(HISTORY_LIMIT + 5); // all pending
    await saveSettings(GOOD);
    await flushQueue(deps([]), true);
    await addAudit(sampleAudit({ id: id(999) }), 'x');
    const kept = await listRecords();
    expect(kept.length).toBe(HISTORY_LIMIT);
    expect(kept[0]!.id).toBe(id(999));
    expect(await fakeBrowser.storage.local.get(`audit:${id(1)}`)).toEqual({});
  });
});
