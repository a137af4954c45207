import type { WebmcpEvidence } from '../../types/audit.js';

/**
 * Which API a call goes through, read from the receiver text before `.registerTool(`:
 * `document.modelContext` (current), `navigator.modelContext` (legacy), `window.agent` (Aug 2025
 * explainer). Minified code calls through a one-letter alias, so for a bare identifier the nearest
 * earlier assignment to it is read instead; anything else is `unknown`.
 */
export type Surface = NonNullable<WebmcpEvidence['surface']>;

const RECEIVER_WINDOW = 120;
const ALIAS_WINDOW = 4000;
const STRING_KEY = /^\s*["'`][\w$]+["'`]\s*$/;

export function surfaceOf(src: string, receiverEnd: number): Surface {
  const chain = trailingChain(src, receiverEnd);
  const fromChain = surfaceOfExpression(chain);
  if (fromChain !== 'unknown') return fromChain;
  if (/^[A-Za-z_$][\w$]*$/.test(chain)) return aliasSurface(src, receiverEnd - chain.length, chain);
  return 'unknown';
}

function surfaceOfExpression(expr: string): Surface {
  const d = expr.search(/\bdocument\b[\s\S]*modelContext\b|\bcontentDocument\b[\s\S]*modelContext\b/);
  const n = expr.search(/\bnavigator\b[\s\S]*modelContext\b/);
  if (d !== -1 && (n === -1 || d < n)) return 'document';
  if (n !== -1) return 'navigator-legacy';
  if (/(?:^|[.\s])agent$/.test(expr)) return 'agent-legacy';
  return 'unknown';
}

/** `o=document.modelContext??navigator.modelContext` somewhere before the call: the first API named wins. */
function aliasSurface(src: string, aliasStart: number, alias: string): Surface {
  const text = src.slice(Math.max(0, aliasStart - ALIAS_WINDOW), aliasStart);
  const assign = new RegExp(`(?:^|[^\\w$.])${alias.replace(/\$/g, '\\$')}\\s*=(?![=>])\\s*([^;,]{0,160})`, 'g');
  let last: string | null = null;
  for (const m of text.matchAll(assign)) last = m[1] ?? null;
  return last === null ? 'unknown' : surfaceOfExpression(last);
}

/** The member chain that ends at `end`, such as `globalThis.document?.["modelContext"]`, read backwards. */
function trailingChain(src: string, end: number): string {
  const floor = Math.max(0, end - RECEIVER_WINDOW);
  let k = end;
  while (k > floor) {
    const c = src[k - 1]!;
    if (/[\w$.]/.test(c) || (c === '?' && src[k] === '.')) {
      k--;
    } else if (c === ']') {
      const open = src.lastIndexOf('[', k - 1);
      if (open < floor || !STRING_KEY.test(src.slice(open + 1, k - 1))) break;
      k = open;
    } else {
      break;
    }
  }
  return src.slice(k, end);
}
