/**
 * The headless Chromium that renders pages (docs/architecture.md#the-renderer-host), started with the switches
 * that keep a hostile page in its box. Each render gets a fresh context whose only way out is its own guarded
 * proxy (guarded-proxy.ts); the switches below close what does not go through a proxy at all, or through the
 * browser's own network stack outside the page.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { AuditRenderError, RENDER_UNAVAILABLE_MESSAGE } from '../../shared/audit/errors.js';
import { lowerPriorityOfChromium } from '../reports/pdf/lower-priority.js';

/** A renderer's JavaScript heap: a page that allocates beyond it crashes its own renderer, not the machine. */
export const RENDERER_HEAP_MB = 512;

/**
 * Where traffic outside any render context would go: a loopback port nothing listens on, so it fails closed.
 * Every render context sets its own proxy; this only catches what is not theirs.
 */
const NOWHERE_PROXY = 'http://127.0.0.1:1';

export const RENDER_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  // The browser's own traffic (updates, sync, safe browsing lists, metrics) stays off: only pages load.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-breakpad',
  '--metrics-recording-only',
  '--disable-extensions',
  '--mute-audio',
  // No name is resolved by the browser itself: a page's names are resolved by the proxy, behind the guard.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  // UDP never goes through an HTTP proxy: no QUIC (HTTP/3, WebTransport) and no WebRTC outside the proxy.
  '--disable-quic',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Permission prompts are denied, notifications off, new windows refused.
  '--deny-permission-prompts',
  '--disable-notifications',
  '--block-new-web-contents',
  `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
];

export interface RenderBrowser {
  browser: Browser;
  /** "Chromium 131.0.6778.85": what `audit.rendering.engine` says. */
  engine: string;
  /** The switch in its command line that finds its processes (lower-priority.ts, tests that kill a renderer). */
  marker: string;
}

export interface LaunchOptions {
  chromiumPath: string;
  /** Lower the browser's CPU priority (the server: renders yield to the thread that answers the API). */
  lowerPriority?: boolean;
}

/** True when CHROMIUM_PATH names a file: a request with `render` is refused up front (503) when it does not. */
export function chromiumPresent(chromiumPath: string): boolean {
  return existsSync(chromiumPath);
}

export async function launchRenderBrowser(options: LaunchOptions): Promise<RenderBrowser> {
  if (!chromiumPresent(options.chromiumPath)) throw new AuditRenderError('unavailable', RENDER_UNAVAILABLE_MESSAGE);
  const marker = `--citable-renderer=${randomBytes(6).toString('hex')}`;
  const { chromium } = await import('playwright-core');
  // Chromium refuses its sandbox to root: run the server as an ordinary user to keep it (docs/operations.md).
  const args = process.getuid?.() === 0 ? [...RENDER_ARGS, '--no-sandbox'] : [...RENDER_ARGS];
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: options.chromiumPath,
      headless: true,
      args: [...args, marker],
      proxy: { server: NOWHERE_PROXY, bypass: '<-loopback>' },
      timeout: 30_000,
    });
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).split('\n')[0];
    throw new AuditRenderError('unavailable', `${RENDER_UNAVAILABLE_MESSAGE} (${options.chromiumPath} did not start: ${reason})`);
  }
  if (options.lowerPriority) lowerPriorityOfChromium(marker);
  return { browser, engine: `Chromium ${browser.version()}`, marker };
}
