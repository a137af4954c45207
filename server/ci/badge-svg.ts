/**
 * The score badge of a shared audit or crawl (GET /r/{token}/badge.svg): a small flat SVG, "citable | 72/100",
 * coloured by the reports' bands (80 and over good, 50 and over fair, else poor). It draws with attributes
 * only: no script, no style sheet, no reference outside the file. Text widths are estimated and pinned with
 * textLength, so the badge looks the same whatever font the viewer has.
 */
import { scoreBand } from '../../shared/report/format.js';

const LABEL = 'citable';
const COLOURS = { good: '#2e7d32', fair: '#a15c00', poor: '#c62828', none: '#6b6b6b' } as const;

export type BadgeValue = { kind: 'score'; score: number } | { kind: 'word'; text: string };

/** Verdana 11 px, roughly: narrow characters, wide ones, the rest. */
function textWidth(text: string): number {
  let width = 0;
  for (const c of text) width += /[ijl.,:;'!|I]/.test(c) ? 3.5 : /[mwMW@%]/.test(c) ? 10 : /[A-Z0-9]/.test(c) ? 7.5 : c === '/' ? 4.5 : 6.5;
  return Math.round(width);
}

export function badgeSvg(value: BadgeValue): string {
  const text = value.kind === 'score' ? `${value.score}/100` : value.text;
  const colour = value.kind === 'score' ? COLOURS[scoreBand(value.score)] : COLOURS.none;
  const labelText = textWidth(LABEL);
  const valueText = textWidth(text);
  const labelWidth = labelText + 12;
  const valueWidth = valueText + 12;
  const width = labelWidth + valueWidth;
  const title = `${LABEL}: ${text}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    '<linearGradient id="shine" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="round"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    '<g clip-path="url(#round)">',
    `<rect width="${labelWidth}" height="20" fill="#555"/>`,
    `<rect x="${labelWidth}" width="${valueWidth}" height="20" fill="${colour}"/>`,
    `<rect width="${width}" height="20" fill="url(#shine)"/>`,
    '</g>',
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${labelWidth / 2}" y="14" textLength="${labelText}">${LABEL}</text>`,
    `<text x="${labelWidth + valueWidth / 2}" y="14" textLength="${valueText}">${text}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
