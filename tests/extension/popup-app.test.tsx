import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '../../extension/entrypoints/popup/App.js';
import { sampleAudit } from './helpers/sample-audit.js';

let root: HTMLElement;
const flush = () => new Promise((r) => setTimeout(r, 20));

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
    await flush();
    expect(root.querySelector('[role="status"][aria-busy="true"]')?.textContent).toContain('Auditing shop.example');
    expect(spy).toHaveBeenCalledWith({ type: 'citable:audit', tabId: expect.any(Number) });
    answer({ audit: sampleAudit() });
    await flush();
    expect(root.querySelector('svg.gauge')?.getAttribute('aria-label')).toBe('Score 72 out of 100');
  });

  it('shows the background restricted message as information, not as a failure', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ error: 'Browser pages (chrome:) cannot be audited.', restricted: true } as never);
    render(<App />, root);
    await flush();
    expect(root.querySelector('.notice-info h2')?.textContent).toBe('This page cannot be audited');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a failure as an alert with its reason', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ error: 'Cannot audit x: the server refused the connection.' } as never);
    render(<App />, root);
    await flush();
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('the server refused the connection');
  });
});
