/**
 * The `<head>` of a page as written, for the before/after preview: from `<head ...>` to `</head>` (or, without
 * a head element, what comes before `<body>`). Heads larger than HEAD_MAX_CHARS are not previewed.
 */
export const HEAD_MAX_CHARS = 256 * 1024;

export function headHtmlOf(html: string): string | null {
  const lower = html.slice(0, HEAD_MAX_CHARS * 2).toLowerCase();
  const open = /<head[\s>]/.exec(lower);
  const close = lower.indexOf('</head>');
  let inner: string;
  if (open && close > open.index) {
    const start = lower.indexOf('>', open.index) + 1;
    inner = html.slice(start, close);
  } else {
    const body = /<body[\s>]/.exec(lower);
    if (!body) return null;
    const htmlOpen = /<html[\s>]/.exec(lower);
    const from = htmlOpen ? lower.indexOf('>', htmlOpen.index) + 1 : lower.startsWith('<!doctype') ? lower.indexOf('>') + 1 : 0;
    inner = html.slice(from, body.index);
  }
  return inner.length <= HEAD_MAX_CHARS ? inner : null;
}
