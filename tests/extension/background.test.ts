import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../extension/entrypoints/background.js';
import { captureRenderedPage } from '../../extension/lib/probe/rendered-page.js';
import { probeWebmcp } from '../../extension/lib/probe/runtime-probe.js';
import type { RawFetchArgs, RawFetchResult } from '../../extension/lib/fetch/raw-fetch.js';
import type { AuditResponse } from '../../extension/lib/messages.js';
import { listRecords } from '../../extension/lib/sync/records.js';

const PAGE = 'https://shop.example/guide';
const RAW_HTML =
  '<!doctype html><html lang="en"><head><title>Guide</title></head><body><main><h1>Guide</h1><p>Raw words.</p></main></body></html>';

/** The tab as executeScript would answer: the rendered DOM, the probe, and same-origin fetches. */
function fakeTab(probe: object) {
  return vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (details: { func: unknown; args?: unknown[] }) => {
    if (details.func === captureRenderedPage)
      return [{ frameId: 0, result: { html: RAW_HTML, url: PAGE, capturedAt: new Date().toISOString() } }];
    if (details.func === probeWebmcp) return [{ frameId: 0, result: probe }];
    const args = details.args![0] as RawFetchArgs;
    const isPage = args.url === PAGE;
    const raw: RawFetchResult = {
      url: args.url,
      finalUrl: args.url,
      status: isPage ? 200 : 404,
      headers: { 'content-type': isPage ? 'text/html' : 'text/plain' },
      body: btoa(isPage ? RAW_HTML : 'not found'),
      bytes: 9,
      truncated: false,
      totalMs: 1,
    };
    return [{ frameId: 0, result: raw }];
  }) as never);
}

async function send(message: unknown): Promise<AuditResponse> {
  return (await fakeBrowser.runtime.sendMessage(message)) as AuditResponse;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
  // Not implemented by the fake browser: no host permissions, no deep probe.
  vi.spyOn(fakeBrowser.permissions.onAdded, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.permissions.onRemoved, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
  vi.spyOn(fakeBrowser.scripting, 'getRegisteredContentScripts').mockResolvedValue([] as never);
  // The extension's own fetch of the tab origin (what activeTab allows in Chrome) is refused here,
  // as where activeTab does not reach the extension: the tab's fetches below answer instead.
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (init.mode === 'no-cors') return new Response(null);
    throw new TypeError('Failed to fetch');
  });
  background.main();
});

afterEach(() => vi.unstubAllGlobals());

describe('background: {type: "citable:audit", tabId}', () => {
  it('answers with an extension audit carrying the runtime probe, and queues it', async () => {
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    const probe = {
      apiAvailable: false,
      tools: [],
      checkedAt: new Date().toISOString(),
      surface: 'none',
      polyfill: false,
      declarativeForms: [],
      deepProbe: false,
      errors: [],
    };
    const spy = fakeTab(probe);
    const res = await send({ type: 'citable:audit', tabId: tab.id });
    if (!('audit' in res)) throw new Error(res.error);
    expect(res.audit).toMatchObject({ origin: 'extension', url: PAGE, final_url: PAGE, status: 'complete' });
    expect(res.audit.signals.webmcp.runtime).toMatchObject({ apiAvailable: false, surface: 'none' });
    // The probe ran in the page's MAIN world, the rendered DOM and site files in the isolated one.
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ target: { tabId: tab.id }, world: 'MAIN', func: probeWebmcp }));
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ world: 'ISOLATED', func: captureRenderedPage }));
    const [record] = await listRecords();
    expect(record).toMatchObject({ id: res.audit.id, sync: { state: 'pending' } });
  });

  it('answers a browser page with a restricted message, without touching it', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'chrome://settings' });
    const spy = vi.spyOn(fakeBrowser.scripting, 'executeScript');
    const res = await send({ type: 'citable:audit', tabId: tab.id });
    expect(res).toMatchObject({ restricted: true, error: expect.stringMatching(/cannot be audited/) });
    expect(spy).not.toHaveBeenCalled();
  });

  it('turns the browser refusing the injection into the same plain message', async () => {
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    vi.spyOn(fakeBrowser.scripting, 'executeScript').mockRejectedValue(
      new Error('Cannot access contents of url "x". Extension manifest must request permission to access this host.'),
    );
    expect(await send({ type: 'citable:audit', tabId: tab.id })).toMatchObject({ restricted: true });
  });

  it('ignores messages that are not its own', async () => {
    const spy = vi.spyOn(fakeBrowser.scripting, 'executeScript');
    const res = (await fakeBrowser.runtime.sendMessage({ type: 'something-else', tabId: 1 }).catch(() => undefined)) as
      { audit?: unknown } | undefined;
    expect(res?.audit).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });
});
