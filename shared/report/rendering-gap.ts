/**
 * `audit.rendering` as every view shows it (the CLI, the HTML and PDF reports, the dashboard): one row per
 * measure, what the server's HTML holds, what the rendered page holds, and what a crawler that does not run
 * JavaScript misses. Pure: no I/O, no markup.
 */
import type { AuditRendering } from '../types/audit.js';
import { createTranslator, type Translator } from '../i18n/translator.js';

const EN = createTranslator('en');

/** The panel's heading in every view. */
export interface RenderingGapRow {
  label: string;
  raw: number;
  rendered: number;
  /** Only after JavaScript: rendered minus raw, never below 0. */
  missed: number;
}

export function renderingGapRows(rendering: AuditRendering, tr: Translator = EN): RenderingGapRow[] {
  const row = (label: string, raw: number, rendered: number) => ({ label, raw, rendered, missed: Math.max(0, rendered - raw) });
  return [
    row(tr.t('rendering.words'), rendering.raw.words, rendering.rendered.words),
    row(tr.t('rendering.links'), rendering.raw.links, rendering.rendered.links),
    row(tr.t('rendering.jsonLd'), rendering.raw.json_ld, rendering.rendered.json_ld),
  ];
}

/** One sentence for the top of the panel: the share of words a crawler without JavaScript reads. */
export function renderingGapSummary(rendering: AuditRendering, tr: Translator = EN): string {
  const { raw, rendered } = rendering;
  const titleNote = raw.title === rendered.title ? '' : ` ${tr.t('rendering.titleChanges')}`;
  if (rendered.words === 0) return `${tr.t('rendering.noText')}${titleNote}`;
  const share = Math.min(100, Math.round((raw.words / rendered.words) * 100));
  if (raw.words >= rendered.words) return `${tr.t('rendering.allText')}${titleNote}`;
  return `${tr.t('rendering.share', { share: String(share), missing: String(rendered.words - raw.words) })}${titleNote}`;
}

/** "Rendered by Chromium 131.0.6778.85 in 540 ms". */
export function renderingEngineLine(rendering: AuditRendering, tr: Translator = EN): string {
  return tr.t('rendering.engine', { engine: rendering.engine, ms: rendering.ms });
}
