/**
 * The report's one style sheet, inlined in the HTML (no fonts, no images, no imports). Screen and print
 * share it; print adds the paper size and page breaks that never split an issue, a table row or a chart.
 * Only validated values are interpolated (branding.ts): an accent is `#rrggbb`, the paper one of two words.
 */
import type { SafeBranding } from './branding.js';
import { createTranslator, type Translator } from '../i18n/translator.js';
import type { Paper } from './types.js';

/** "Page 2 of 5" in the margin of a printed HTML report, in its language; the words are quoted CSS strings. */
function pageNumbers(tr: Translator): string {
  const content = tr
    .parts('page.ofPages')
    .map((part) => (typeof part === 'string' ? (part ? JSON.stringify(part) : '') : `counter(${part.name === 'pages' ? 'pages' : 'page'})`))
    .filter(Boolean)
    .join(' ');
  return `
  @bottom-right { content: ${content}; font: 9px system-ui, sans-serif; color: #5f6b7a; }`;
}

/**
 * The parts of a report (pills, issue cards, tables, charts, panels, the score summary): shared by the report
 * document and by the extension's popup, which renders the same components inside its own page.
 */
export const REPORT_PARTS_CSS = `
.muted { color: var(--muted); }
.small { font-size: 12px; }
.mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 12px; }
.brand { display: flex; align-items: center; gap: 14px; margin-bottom: 22px; }
.brand img { max-height: 48px; max-width: 200px; }
.brand-name { font-size: 15px; font-weight: 600; color: var(--muted); }
.kicker { text-transform: uppercase; letter-spacing: .08em; font-size: 11px; font-weight: 700; color: var(--accent); margin: 0 0 2px; }
.url { font-size: 22px; word-break: break-all; margin: 0 0 2px; }
.summary { display: flex; gap: 28px; align-items: center; margin: 22px 0 6px; padding: 18px 22px; background: var(--panel); border-radius: 10px; break-inside: avoid; }
.summary-text { flex: 1; }
.verdict { font-size: 16px; font-weight: 600; margin-bottom: 6px; }
.cap { border-left: 4px solid var(--poor); background: #fdecea; padding: 8px 12px; border-radius: 4px; margin: 8px 0; }
.counts { display: flex; gap: 14px; flex-wrap: wrap; font-size: 13px; }
.pill { display: inline-block; border-radius: 999px; padding: 1px 9px; font-size: 11px; font-weight: 700; letter-spacing: .02em; white-space: nowrap; }
.pill.critical, .pill.poor, .pill.blocked, .pill.invalid, .pill.error { background: #fdecea; color: var(--poor); }
.pill.warning, .pill.fair { background: #fff4e5; color: var(--fair); }
.pill.notice, .pill.na, .pill.not_found { background: #eef1f4; color: var(--muted); }
.pill.good, .pill.allowed, .pill.found, .pill.present, .pill.detected { background: #e8f5ec; color: var(--good); }
.issue { border: 1px solid var(--line); border-left: 5px solid var(--na); border-radius: 6px; padding: 12px 16px; margin: 10px 0; break-inside: avoid; page-break-inside: avoid; }
.issue.critical { border-left-color: var(--poor); }
.issue.warning { border-left-color: var(--fair); }
.issue-head { display: flex; gap: 10px; align-items: baseline; justify-content: space-between; }
.issue-meta { font-size: 12px; color: var(--muted); margin-bottom: 4px; }
.advice { margin: 4px 0 0; }
.all-clear { border: 1px solid #cfe8d6; background: #f1faf3; border-radius: 6px; padding: 12px 16px; }
table { width: 100%; border-collapse: collapse; font-size: 13px; margin: 6px 0 10px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); border-bottom: 2px solid var(--line); }
tr { break-inside: avoid; page-break-inside: avoid; }
thead { display: table-header-group; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.url-cell { word-break: break-all; }
figure { margin: 8px 0 14px; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, "Liberation Sans", sans-serif; }
.chart-label { font-size: 12px; fill: var(--text); }
.chart-muted { font-size: 11px; fill: var(--muted); }
.chart-value { font-size: 12px; font-weight: 700; fill: var(--text); }
.band-good { fill: var(--good); }
.band-fair { fill: var(--fair); }
.band-poor { fill: var(--poor); }
.band-na { fill: var(--na); }
.ring-good { stroke: var(--good); }
.ring-fair { stroke: var(--fair); }
.ring-poor { stroke: var(--poor); }
.accent-line { stroke: var(--accent); }
.category-notes { list-style: none; padding: 0; margin: 4px 0 0; font-size: 12px; color: var(--muted); }
.category-notes li { margin: 2px 0; break-inside: avoid; }
.panel { background: var(--panel); border-radius: 8px; padding: 12px 16px; margin: 8px 0; break-inside: avoid; page-break-inside: avoid; }
.panel ul { margin: 4px 0 0; padding-left: 20px; }
.examples { margin: 4px 0 0; padding-left: 18px; font-size: 12px; color: var(--muted); word-break: break-all; }
.banner { border: 1px solid #f0d9a8; background: #fff8e6; border-radius: 6px; padding: 10px 14px; margin: 12px 0; }
.stats { display: flex; gap: 10px; flex-wrap: wrap; margin: 10px 0 0; }
.stat { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; min-width: 96px; }
.stat strong { display: block; font-size: 18px; }
.fix { border-top: 1px dashed var(--line); margin-top: 10px; padding-top: 8px; }
.fix-head { margin-bottom: 2px; }
.fix-content { background: var(--panel); border-radius: 6px; padding: 8px 10px; font: 11.5px/1.45 ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24em; overflow: auto; margin: 4px 0 0; }
a.download { font-weight: 600; color: var(--accent); }
.rule-ref { font-size: 12px; color: var(--muted); margin: 4px 0 0; }
.rule-ref summary { cursor: pointer; width: fit-content; }
.rule-ref code { font-size: 12px; }
.examples .more { list-style: none; margin-left: -18px; }
@media print { .rule-ref { display: none; } }
.report-links { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 10px 0 0; font-size: 13px; }
.report-links a { overflow-wrap: anywhere; }
.traffic-subtitle { margin: 18px 0 6px; }
.traffic-statuses { margin: 4px 0 12px; }
.traffic-legend { margin: 2px 0 0; }
@media print { .fix-content { max-height: none; overflow: visible; } a.download { display: none; } }
@media screen and (prefers-color-scheme: dark) {
  .cap { background: #3d1214; }
  .pill.critical, .pill.poor, .pill.blocked, .pill.invalid, .pill.error { background: #3d1214; color: #ff9b93; }
  .pill.warning, .pill.fair { background: #3b2300; color: #f0b45b; }
  .pill.notice, .pill.na, .pill.not_found { background: #262c36; color: #b1bac4; }
  .pill.good, .pill.allowed, .pill.found, .pill.present, .pill.detected { background: #0f2e1a; color: #56d364; }
  .all-clear { border-color: #1f5130; background: #0f2e1a; }
  .banner { border-color: #5c4400; background: #2d2200; }
  .stat { background: var(--panel); }
  .chart-track { fill: #262c36; }
  .chart-grid { stroke: #3d444d; }
  .gauge-number { fill: var(--text); }
  .chart-dot-ring { fill: #0d1117; }
  .kicker, a.download { color: var(--text); }
  a { color: #8ab4f8; }
}
`;

/** The colours the parts use; the accent is the branding's (validated in branding.ts). */
export function reportTokensCss(accent: string, onAccent: string): string {
  return `
:root {
  --accent: ${accent};
  --on-accent: ${onAccent};
  --text: #1f2933; --muted: #5f6b7a; --line: #e3e7ec; --panel: #f6f8fa;
  --good: #1a7f37; --fair: #a35000; --poor: #c62828; --na: #8a94a3;
}`;
}

/**
 * Dark mode on screen (the system's choice); print and PDF stay light. The accent stays the agency's for
 * lines and rules; text on dark surfaces takes the light text colour so every pair meets WCAG AA.
 */
const DARK_PAGE_CSS = `
@media screen and (prefers-color-scheme: dark) {
  :root {
    color-scheme: dark;
    --text: #e6edf3; --muted: #9ea7b3; --line: #3d444d; --panel: #161b22;
    --good: #3fb950; --fair: #e3a03a; --poor: #ff7b72; --na: #8b949e;
  }
  body { background: #010409; }
  .report { background: #0d1117; box-shadow: none; }
}`;

export function reportCss(branding: SafeBranding, paper: Paper, medium: 'html' | 'pdf', tr: Translator = createTranslator('en')): string {
  return `
${reportTokensCss(branding.accent, branding.onAccent)}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; color: var(--text); background: #eef1f4;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
.report { max-width: 820px; margin: 24px auto; background: #fff; padding: 36px 44px; border-top: 6px solid var(--accent); box-shadow: 0 1px 4px rgba(0,0,0,.08); }
h1 { font-size: 24px; line-height: 1.25; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 6px; border-bottom: 2px solid var(--accent); break-after: avoid; page-break-after: avoid; }
h3 { font-size: 15px; margin: 0 0 4px; break-after: avoid; }
p { margin: 0 0 8px; }
${REPORT_PARTS_CSS}footer.report-footer { break-inside: avoid; page-break-inside: avoid; margin-top: 36px; padding-top: 10px; border-top: 1px solid var(--line); font-size: 11px; color: var(--muted); display: flex; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
@page { size: ${paper} portrait; margin: 16mm 14mm 18mm 14mm;${medium === 'html' ? pageNumbers(tr) : ''}
}
@media print {
  body { background: #fff; font-size: 12.5px; }
  .report { max-width: none; margin: 0; padding: 0; box-shadow: none; border-top: 0; }
  .summary { background: var(--panel); }
  h2 { margin-top: 22px; }
  section { break-inside: auto; }
  /* A section's heading and its lead-in line stay with what follows (never alone at a page's foot). */
  h2 + p { break-after: avoid; page-break-after: avoid; }
  /* The category chart keeps its bars together, but its notes may run on: a whole figure that does not fit left
     most of a crawl report's first page empty. */
  figure.categories { break-inside: auto; page-break-inside: auto; }
  figure.categories svg { break-inside: avoid; page-break-inside: avoid; }
}
@media (max-width: 640px) {
  .report { padding: 20px 16px; margin: 0; }
  .summary { flex-direction: column; align-items: flex-start; }
  /* A phone: tables narrow to the screen (a cell may break inside a long word) instead of the page scrolling sideways. */
  table { font-size: 12px; }
  th, td { padding: 5px 4px; overflow-wrap: anywhere; }
  th { letter-spacing: 0; }
  .url { font-size: 19px; }
}
${medium === 'html' ? DARK_PAGE_CSS : ''}
`;
}
