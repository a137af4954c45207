/**
 * The browser of `citable audit --render` and `citable crawl --render`: the renderer host (server/render/) on this
 * thread, with the settings the server reads (CHROMIUM_PATH, RENDER_CONCURRENCY, RENDER_TIMEOUT_MS) and the same
 * address guard as the command's fetcher. Without Chromium the command exits 2 with the server's 503 message.
 */
import { RENDER_UNAVAILABLE_MESSAGE } from '../../shared/audit/errors.js';
import type { PageRendererHost } from '../render/page-renderer.js';
import { createRenderHost } from '../render/render-host.js';
import { ConfigError } from '../settings/parse.js';
import { readRenderSettings, RENDER_TIMEOUT_DEFAULT_MS } from '../settings/render-settings.js';
import type { CliIo } from './io.js';

export const RENDER_HELP = `RENDER_CHROMIUM_PATH or CHROMIUM_PATH, default the headless shell if installed, else /usr/bin/chromium; RENDER_TIMEOUT_MS, default ${RENDER_TIMEOUT_DEFAULT_MS}`;

/**
 * A renderer host, or the message to exit 2 with (no Chromium, a setting that does not parse). Close it when done.
 * `workerUrl` (the built render thread): the browser is driven from a thread of its own (a crawl: its pages keep
 * being audited while playwright-core loads and Chromium starts); absent or not built: from this thread.
 */
export function openCliRenderer(env: CliIo['env'], allowPrivate: boolean, workerUrl?: URL): PageRendererHost | string {
  let host: PageRendererHost;
  try {
    host = createRenderHost(readRenderSettings(env), { allowPrivate, ...(workerUrl ? { workerUrl } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  const why = host.unavailable();
  return why ? RENDER_UNAVAILABLE_MESSAGE : host;
}
