/**
 * Rendering on the server (docs/configuration.md#rendering): the browser and the bounds of its pages. Read by the
 * server, `citable worker` and the CLI (`citable audit --render`, `citable crawl --render`).
 */
import { existsSync } from 'node:fs';
import { readInt, readText, type Env } from './parse.js';
import { CHROMIUM_PATH_DEFAULT } from './report-settings.js';

export const RENDER_CONCURRENCY_DEFAULT = 2;
export const RENDER_TIMEOUT_DEFAULT_MS = 15_000;

/**
 * Chromium's headless shell (Debian's chromium-headless-shell package): the same engine as Chromium without the
 * browser around it. A page costs it about a quarter of the CPU time a full Chromium spends (docs/audits.md), so
 * renders use it when it is installed and no browser was named.
 */
export const HEADLESS_SHELL_PATHS: readonly string[] = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];

export interface RenderSettings {
  /** The browser that renders (RENDER_CHROMIUM_PATH, else CHROMIUM_PATH when set, else the headless shell or Chromium). */
  chromiumPath: string;
  /** Pages rendered at once per process; more wait for a slot. */
  concurrency: number;
  /** Longest one page may take, from the start of loading to the captured DOM. */
  timeoutMs: number;
}

export function readRenderSettings(env: Env, installed: (path: string) => boolean = existsSync): RenderSettings {
  return {
    chromiumPath: renderBrowserPath(env, installed),
    concurrency: readInt(env, 'RENDER_CONCURRENCY', RENDER_CONCURRENCY_DEFAULT, 1, 32),
    timeoutMs: readInt(env, 'RENDER_TIMEOUT_MS', RENDER_TIMEOUT_DEFAULT_MS, 1_000, 120_000),
  };
}

/** A browser named for rendering, or for every use (CHROMIUM_PATH), is used as named; else the headless shell if installed. */
function renderBrowserPath(env: Env, installed: (path: string) => boolean): string {
  const named = readText(env, 'RENDER_CHROMIUM_PATH') ?? readText(env, 'CHROMIUM_PATH');
  if (named) return named;
  return HEADLESS_SHELL_PATHS.find((path) => installed(path)) ?? CHROMIUM_PATH_DEFAULT;
}
