/**
 * `audit.rendering` as every view shows it (the CLI, the HTML and PDF reports, the dashboard): one row per
 * measure, what the server's HTML holds, what the rendered page holds, and what a crawler that does not run
 * JavaScript misses. Pure: no I/O, no markup.
 */
import type { AuditRendering } from '../types/audit.js';

/** The panel's heading in every view. */
export const RENDERING_GAP_TITLE = 'What crawlers that do not run JavaScript miss';

export interface RenderingGapRow {
  label: string;
  raw: number;
  rendered: number;
  /** Only after JavaScript: rendered minus raw, never below 0. */
  missed: number;
}

export function renderingGapRows(rendering: AuditRendering): RenderingGapRow[] {
  const row = (label: string, raw: number, rendered: number) => ({ label, raw, rendered, missed: Math.max(0, rendered - raw) });
  return [
    row('Words', rendering.raw.words, rendering.rendered.words),
    row('Links', rendering.raw.links, rendering.rendered.links),
    row('JSON-LD blocks', rendering.raw.json_ld, rendering.rendered.json_ld),
  ];
}

/** One sentence for the top of the panel: the share of words a crawler without JavaScript reads. */
export function renderingGapSummary(rendering: AuditRendering): string {
  const { raw, rendered } = rendering;
  const titleNote = raw.title === rendered.title ? '' : ' The title changes after JavaScript runs.';
  if (rendered.words === 0) return `Neither version of the page has text.${titleNote}`;
  const share = Math.min(100, Math.round((raw.words / rendered.words) * 100));
  if (raw.words >= rendered.words) return `The server HTML holds all the text the rendered page shows.${titleNote}`;
  return `The server HTML holds ${share} % of the words the rendered page shows: ${rendered.words - raw.words} appear only after JavaScript.${titleNote}`;
}

/** "Rendered by Chromium 131.0.6778.85 in 540 ms". */
export function renderingEngineLine(rendering: AuditRendering): string {
  return `Rendered by ${rendering.engine} in ${rendering.ms.toLocaleString('en')} ms`;
}
