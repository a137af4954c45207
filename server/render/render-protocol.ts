/** Messages between a process's main thread and its render thread (render-thread.ts, render-worker.ts). */
import type { RenderErrorCode } from '../../shared/audit/errors.js';
import type { RenderedPage } from '../../shared/types/snapshot.js';
import type { RenderOutcome } from './page-renderer.js';

export interface RenderWorkerData {
  chromiumPath: string;
  concurrency: number;
  timeoutMs: number;
  /** AUDIT_ALLOW_PRIVATE: the guard the thread builds follows the fetcher's rule. */
  allowPrivate: boolean;
  lowerPriority: boolean;
}

export type RenderRequest =
  | { type: 'render'; id: number; url: string }
  | { type: 'abort'; id: number }
  /** Start the browser now (PageRendererHost.warm). */
  | { type: 'warm' }
  | { type: 'close' };

export type RenderReply =
  | { type: 'done'; id: number; page: RenderedPage }
  | { type: 'failed'; id: number; error: { code: RenderErrorCode; message: string } }
  | { type: 'outcome'; outcome: RenderOutcome; seconds: number }
  | { type: 'closed' };
