import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../extension/entrypoints/popup/App.js';
import { sampleAudit } from './helpers/sample-audit.js';
import { createProgress, phaseState, type ProgressStep } from '../../extension/lib/audit/progress.js';
import { median, recordDuration, typicalDuration } from '../../extension/lib/audit/durations.js';
import { until } from '../helpers/until.js';

let root: HTMLElement;
const RENDER = { timeoutMs: 3_000 };
const tab = { id: 1, url: 'https://shop.example/guide' };

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

/** The popup with an audit under way whose answer the test gives. */
function auditUnderWay() {
  let answer: (v: unknown) => void = () => undefined;
  const response = new Promise<never>((r) => (answer = r as (v: unknown) => void));
  render(<App first={{ tab, records: [], request: { startedAt: Date.now(), response } }} />, root);
  return { answer };
}

describe('the popup while an audit runs', () => {
  it('shows four steps a person follows, each waiting, under way or done, from the background’s progress', async () => {
    const sent: ProgressStep[][] = [];
    let now = 0;
    const progress = createProgress(
      (steps) => sent.push(steps),
      () => now,
    );
    const html = progress.fetchStarted('https://shop.example/guide', 'text/html,*/*');
    const robots = progress.fetchStarted('https://shop.example/robots.txt', 'text/plain');
    now = 300;
    html();
    robots();
    const script = progress.fetchStarted('https://shop.example/app.js', '*/*');
    const steps = progress.steps();
    expect(steps.map((s) => [s.label, s.phase])).toEqual([
      ['Server HTML (what AI crawlers get)', 'page'],
      ['robots.txt', 'files'],
      ['Scripts (0 of 1)', 'files'],
    ]);
    expect([phaseState(steps, 'page'), phaseState(steps, 'files'), phaseState(steps, 'crawlers')]).toEqual(['done', 'running', 'waiting']);
    script();
    expect(phaseState(progress.steps(), 'files')).toBe('done');
  });

  it('estimates from the median of this browser’s last audits', async () => {
    expect(median([])).toBeUndefined();
    expect(median([5, 1, 3])).toBe(3);
    expect(await typicalDuration()).toBeUndefined();
    for (const ms of [2_000, 9_000, 3_000, 4_000]) await recordDuration(ms);
    expect(await typicalDuration()).toBe(3_500);
  });

  it('Cancel asks the background to stop the audit, says it was cancelled at once, and leaves the popup usable', async () => {
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: true } as never);
    const { answer } = auditUnderWay();
    const cancel = await until('Cancel', () => root.querySelector<HTMLButtonElement>('[data-action="cancel"]'), RENDER);
    expect(root.querySelectorAll('.phases li')).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 50)); // the App's first effect has taken the audit under way
    cancel.click();
    await until('the cancelled notice', () => root.querySelector('.notice-info'), RENDER);
    expect(spy).toHaveBeenCalledWith({ type: 'citable:cancel', tabId: 1 });
    expect(root.querySelector('.notice-info h2')?.textContent).toBe('Audit cancelled');
    expect(root.querySelector<HTMLButtonElement>('[data-action="again"]')?.disabled).toBe(false);
    expect(root.querySelector('[data-testid="announcer"]')?.textContent).toBe('Audit cancelled');
    // The cancelled audit's late answer is not shown over what the user did since.
    answer({ audit: sampleAudit({ score: 50 }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(root.querySelector('article.report')).toBeNull();
  });

  it('a slow page ends with what was read before it stopped, what it waited for, and why there is no score', async () => {
    const { answer } = auditUnderWay();
    answer({
      error: 'Cannot audit https://shop.example/guide: the page did not answer in time.',
      partial: { read: ['robots.txt', 'llms.txt', 'The page in the tab'], waitedFor: ['Server HTML (what AI crawlers get)'] },
    });
    const slow = await until('the slow-page note', () => root.querySelector('[data-testid="slow-page"]'), RENDER);
    expect(slow.querySelector('h2')?.textContent).toBe('The page did not answer in time');
    expect(slow.textContent).toContain('What was read before it stopped: robots.txt, llms.txt, The page in the tab');
    expect(slow.textContent).toContain('Still waiting for: Server HTML (what AI crawlers get)');
    expect(slow.textContent).toContain('No score without the page itself');
  });
});
