/**
 * The process's renderer host, as the server, `citable worker` and the CLI build it: on its own thread when the
 * built render worker is beside the code (dist/render-worker.mjs), else on this thread (run from source, tests,
 * the CLI's one-page renders). Either way one browser per process and the fetcher's address guard.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RenderSettings } from '../settings/render-settings.js';
import { createAddressGuard } from '../net/address-guard.js';
import { createPageRenderer, type PageRendererHost, type RenderOutcome } from './page-renderer.js';
import { createThreadedPageRenderer } from './render-thread.js';

export interface RenderHostOptions {
  allowPrivate: boolean;
  /** The render thread's script; absent or missing: renders run on this thread. */
  workerUrl?: URL;
  /** Lower the browser's CPU priority below the thread that answers requests (the server). */
  lowerPriority?: boolean;
  onRender?: (outcome: RenderOutcome, seconds: number) => void;
}

export function createRenderHost(settings: RenderSettings, options: RenderHostOptions): PageRendererHost {
  const lowerPriority = options.lowerPriority ?? false;
  if (options.workerUrl && existsSync(fileURLToPath(options.workerUrl))) {
    return createThreadedPageRenderer({
      ...settings,
      allowPrivate: options.allowPrivate,
      lowerPriority,
      workerUrl: options.workerUrl,
      ...(options.onRender ? { onRender: options.onRender } : {}),
    });
  }
  return createPageRenderer({
    ...settings,
    guard: createAddressGuard({ allowPrivate: options.allowPrivate }),
    lowerPriority,
    ...(options.onRender ? { onRender: options.onRender } : {}),
  });
}
