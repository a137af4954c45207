/**
 * The door to a browser, as the Fetcher is the door to the network: a host that can run JavaScript (the
 * server's headless Chromium) injects one, and the engine asks it for the page after its scripts ran. The
 * extension needs none: its tab is the rendered page.
 */
import type { RenderedPage } from './snapshot.js';

export interface RenderOptions {
  /** Stops the render (the audit was cancelled or its page could not be fetched). */
  signal?: AbortSignal;
}

export interface Renderer {
  /**
   * Loads `url` in a fresh browser context, lets its scripts run, and returns the DOM. Throws AuditRenderError
   * (shared/audit/errors.ts) when no DOM could be captured: no browser, a crash, a page that never yields.
   */
  render(url: string, options?: RenderOptions): Promise<RenderedPage>;
}
