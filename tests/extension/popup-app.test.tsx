import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../extension/entrypoints/popup/App.js';
import { sampleAudit } from './helpers/sample-audit.js';
import { addAudit } from '../../extension/lib/sync/records.js';
import { NOT_CONFIGURED } from '../../extension/lib/sync/reasons.js';
import { FIRST_LOOK_GLOBAL } from '../../extension/lib/popup/first-look.js';
import { until } from '../helpers/until.js';

let root: HTMLElement;
/** The App goes through several storage reads before it renders: each step is awaited for up to 3 s. */
const RENDER = { timeoutMs: 3_000 };

beforeEach(async () => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  const win = await fakeBrowser.windows.create({ focused: true });
  await fakeBrowser.tabs.create({ url: 'https://shop.example/guide', active: true, windowId: win!.id });
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('popup App', () => {
  it('audits the active tab on open through the background message, with progress meanwhile', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((() => new Promise((r) => (answer = r))) as never);
    render(<App />, root);
    await until("the popup's first view", () => root.querySelector('main > *'), RENDER);
    expect(root.querySelector('[role="status"][aria-busy="true"]')?.textContent).toContain('Auditing shop.example');
    expect(spy).toHaveBeenCalledWith({ type: 'citable:audit', tabId: expect.any(Number) });
    answer({ audit: sampleAudit() });
    await until('the score gauge', () => root.querySelector('svg.gauge'), RENDER);
    expect(root.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe('Score 72 out of 100');
  });

  it('shows the background restricted message as information, not as a failure', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({
      error: 'Browser pages (chrome:) cannot be audited.',
      restricted: true,
    } as never);
    render(<App />, root);
    await until('the notice', () => root.querySelector('.notice'), RENDER);
    expect(root.querySelector('.notice-info h2')?.textContent).toBe('This page cannot be audited');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a failure as an alert with its reason', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({
      error: 'Cannot audit x: the server refused the connection.',
    } as never);
    render(<App />, root);
    await until('the alert', () => root.querySelector('[role="alert"]'), RENDER);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('the server refused the connection');
  });

  // docs/api-decisions.md#extension.
  it('shows the tab URL audit from the last 10 minutes without auditing again; "Audit again" runs a new one', async () => {
    const recent = sampleAudit({ url: 'https://shop.example/guide', scanned_at: new Date(Date.now() - 3 * 60_000).toISOString() });
    await addAudit(recent, NOT_CONFIGURED);
    const spy = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValue({ audit: sampleAudit({ id: '11111111-1111-4111-8111-111111111111', score: 80 }) } as never);
    render(<App />, root);
    await until('the report', () => root.querySelector('article.report'), RENDER);
    expect(spy).not.toHaveBeenCalled();
    expect(root.querySelector('article.report')?.getAttribute('data-audit-id')).toBe(recent.id);
    expect(root.querySelector('[data-testid="cached-note"]')?.textContent).toMatch(/Audited 3 minutes ago/);
    const again = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Audit again')!;
    again.click();
    await until(
      'the report of the new audit',
      () => root.querySelector('article.report')?.getAttribute('data-audit-id') === '11111111-1111-4111-8111-111111111111',
      RENDER,
    );
    expect(spy).toHaveBeenCalledWith({ type: 'citable:audit', tabId: expect.any(Number) });
    expect(root.querySelector('article.report')?.getAttribute('data-audit-id')).toBe('11111111-1111-4111-8111-111111111111');
  });

  it('audits again when the stored audit of the URL is older than 10 minutes, or of another URL', async () => {
    await addAudit(
      sampleAudit({ url: 'https://shop.example/guide', scanned_at: new Date(Date.now() - 11 * 60_000).toISOString() }),
      NOT_CONFIGURED,
    );
    await addAudit(
      sampleAudit({
        id: '22222222-2222-4222-8222-222222222222',
        url: 'https://shop.example/other',
        final_url: 'https://shop.example/other',
        scanned_at: new Date().toISOString(),
      }),
      NOT_CONFIGURED,
    );
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ audit: sampleAudit() } as never);
    render(<App />, root);
    await until('the report', () => root.querySelector('article.report'), RENDER);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  // Speed: popup-start.js reads the tab and history (and asks for the audit) before the modules load.
  it('uses the first look popup-start.js made, once, instead of reading and auditing again', async () => {
    const recent = sampleAudit({ url: 'https://shop.example/guide', scanned_at: new Date().toISOString() });
    const tab = (await fakeBrowser.tabs.query({ active: true }))[0]!;
    const holder = globalThis as unknown as Record<string, unknown>;
    holder[FIRST_LOOK_GLOBAL] = Promise.resolve({ tab: { id: tab.id!, url: tab.url }, records: [], recent });
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(<App />, root);
    await until('the report', () => root.querySelector('article.report'), RENDER);
    expect(root.querySelector('article.report')?.getAttribute('data-audit-id')).toBe(recent.id);
    expect(spy).not.toHaveBeenCalled();
    expect(FIRST_LOOK_GLOBAL in holder).toBe(false);
  });

  it('paints a recent audit in its first render when given the first look', () => {
    const recent = sampleAudit();
    render(<App first={{ tab: { id: 1, url: recent.url }, records: [], recent }} />, root);
    // No await: the first render is already the result, with no empty frame before it.
    expect(root.querySelector('article.report')?.getAttribute('data-audit-id')).toBe(recent.id);
    expect(root.querySelector('[data-testid="cached-note"]')).not.toBeNull();
  });

  it('shows the progress of an audit the first look already asked for, then its result', async () => {
    let answer: (v: { audit: ReturnType<typeof sampleAudit> }) => void = () => undefined;
    const response = new Promise<{ audit: ReturnType<typeof sampleAudit> }>((r) => (answer = r));
    const spy = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    render(
      <App first={{ tab: { id: 1, url: 'https://shop.example/guide' }, records: [], request: { startedAt: Date.now(), response } }} />,
      root,
    );
    expect(root.querySelector('[role="status"][aria-busy="true"]')?.textContent).toContain('Auditing shop.example');
    answer({ audit: sampleAudit({ score: 64 }) });
    await until('the report', () => root.querySelector('article.report'), RENDER);
    expect(root.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe('Score 64 out of 100');
    // The request was the first look's: the App sent none of its own.
    expect(spy).not.toHaveBeenCalled();
  });

  it('says so when the tab cannot be read, instead of waiting forever', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValue(new Error('No current window'));
    render(<App />, root);
    await until('the alert', () => root.querySelector('[role="alert"]'), RENDER);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('The tab could not be read: No current window');
  });
});
