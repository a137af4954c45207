/**
 * Rendering on the server (docs/configuration.md#rendering): the browser and the bounds of its pages. Read by the
 * server, `citable worker` and the CLI (`citable audit --render`, `citable crawl --render`).
 */
import { readInt, readText, type Env } from './parse.js';
import { CHROMIUM_PATH_DEFAULT } from './report-settings.js';

export const RENDER_CONCURRENCY_DEFAULT = 2;
export const RENDER_TIMEOUT_DEFAULT_MS = 15_000;

export interface RenderSettings {
  /** The Chromium (or Chrome) executable, shared with PDFs (CHROMIUM_PATH). */
  chromiumPath: string;
  /** Pages rendered at once per process; more wait for a slot. */
  concurrency: number;
  /** Longest one page may take, from the start of loading to the captured DOM. */
  timeoutMs: number;
}

export function readRenderSettings(env: Env): RenderSettings {
  return {
    chromiumPath: readText(env, 'CHROMIUM_PATH') ?? CHROMIUM_PATH_DEFAULT,
    concurrency: readInt(env, 'RENDER_CONCURRENCY', RENDER_CONCURRENCY_DEFAULT, 1, 32),
    timeoutMs: readInt(env, 'RENDER_TIMEOUT_MS', RENDER_TIMEOUT_DEFAULT_MS, 1_000, 120_000),
  };
}
