import type { JudgeContext } from '../judge/context.js';
import { resolveUrl } from '../url/parse.js';

/** RFC 8288 `Link` header values, e.g. `<https://x/a>; rel="canonical", <https://x/a.md>; rel=alternate; type="text/markdown"`. */
export interface HeaderLink {
  /** The target resolved against the page URL, or null when it does not parse. */
  href: string | null;
  /** The target as written between < and >. */
  rawHref: string;
  /** Lower-cased relation types (`rel` may hold several, space-separated). */
  rels: string[];
  /** Other parameters, names lower-cased, quotes removed. */
  params: Record<string, string>;
}

const PARAM_NAME = /\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*(=\s*)?/y;
const TOKEN = /[^;,\s]*/y;

/** The page's Link response header, parsed once. */
export function pageHeaderLinks(ctx: JudgeContext): HeaderLink[] {
  return ctx.memo('facts.headerLinks', () => parseLinkHeader(ctx.snapshot.page.headers.link, ctx.pageUrl.href));
}

/** Parses a Link header (several headers arrive joined with ", "). Tolerant: skips what it cannot read. */
export function parseLinkHeader(value: string | undefined, baseUrl: string): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (!value) return links;
  let i = 0;
  const n = value.length;
  while (i < n && links.length < 100) {
    const open = value.indexOf('<', i);
    if (open < 0) break;
    const close = value.indexOf('>', open + 1);
    if (close < 0) break;
    const rawHref = value.slice(open + 1, close).trim();
    const params: Record<string, string> = {};
    i = close + 1;
    // Parameters run until a comma outside quotes.
    while (i < n) {
      while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
      if (value[i] === ',') {
        i++;
        break;
      }
      if (value[i] !== ';') {
        i++;
        continue;
      }
      i++;
      PARAM_NAME.lastIndex = i;
      const eq = PARAM_NAME.exec(value);
      if (!eq) continue;
      i += eq[0].length;
      let paramValue = '';
      if (eq[2] !== undefined) {
        if (value[i] === '"') {
          let j = i + 1;
          while (j < n && value[j] !== '"') j += value[j] === '\\' ? 2 : 1;
          paramValue = value.slice(i + 1, Math.min(j, n)).replace(/\\(.)/g, '$1');
          i = j + 1;
        } else {
          TOKEN.lastIndex = i;
          const m = TOKEN.exec(value);
          paramValue = m?.[0] ?? '';
          i += paramValue.length;
        }
      }
      const name = eq[1]!.toLowerCase();
      if (!(name in params)) params[name] = paramValue;
    }
    links.push({
      href: resolveUrl(rawHref, baseUrl),
      rawHref,
      rels: (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      params,
    });
  }
  return links;
}
