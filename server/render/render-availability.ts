/**
 * What the API asks of rendering before it accepts a request with `render` (POST /audits, POST /crawls, monitors,
 * MCP tools): whether this process has a browser to render with. Without one the request is refused up front
 * with a 503 (docs/audits.md#rendering-on-the-server), before any audit starts or any limit is spent.
 */
import { RENDER_UNAVAILABLE_MESSAGE } from '../../shared/audit/errors.js';
import { HttpError } from '../http/http-error.js';

export interface RenderAvailability {
  /** Null when a render can be tried; else why not. */
  unavailable(): string | null;
}

/** A process without a renderer (tests of the API alone): every request with `render` is refused. */
export const NO_RENDERING: RenderAvailability = { unavailable: () => RENDER_UNAVAILABLE_MESSAGE };

/** Throws the 503 when `wanted` and the process cannot render. The body is exactly the public message. */
export function requireRendering(rendering: RenderAvailability, wanted: boolean): void {
  if (!wanted) return;
  const why = rendering.unavailable();
  if (why) throw new HttpError(503, why);
}
