/**
 * Where a script calls `registerTool` / `provideContext` as a method: `x.registerTool(`,
 * `x?.registerTool?.(`, `x["registerTool"](`. The method word is found with a plain substring
 * search (fast on multi-MB bundles); the punctuation around it is checked by hand.
 */
export type AnchorMethod = 'registerTool' | 'provideContext';

export interface CallAnchor {
  method: AnchorMethod;
  /** Offset of the method name. */
  index: number;
  /** Offset just after the opening parenthesis: where the arguments start. */
  argStart: number;
  /** Offset of the `.`, `?.` or `[` that ends the receiver expression. */
  receiverEnd: number;
  /** Where a parser can start reading the call itself: the method name, or its `[` in bracket form. */
  calleeStart: number;
}

// Searched one word at a time: V8 runs a single literal with Boyer-Moore (GB/s), an alternation
// of literals character by character (about ten times slower on a multi-MB bundle).
const METHODS: readonly AnchorMethod[] = ['registerTool', 'provideContext'];

export function findCallAnchors(src: string, limit: number): CallAnchor[] {
  const anchors: CallAnchor[] = [];
  for (const method of METHODS) {
    for (let i = src.indexOf(method); i !== -1 && anchors.length < limit; i = src.indexOf(method, i + method.length)) {
      const anchor = anchorAt(src, i, method);
      if (anchor) anchors.push(anchor);
    }
  }
  return anchors.sort((a, b) => a.index - b.index);
}

function anchorAt(src: string, index: number, method: AnchorMethod): CallAnchor | null {
  let l = skipSpaceBack(src, index - 1);
  let r = index + method.length;
  let receiverEnd: number;
  let calleeStart = index;
  const before = src[l];
  if (before === '.') {
    receiverEnd = src[l - 1] === '?' ? l - 1 : l;
  } else if (before === '"' || before === "'" || before === '`') {
    // Bracket form: ["registerTool"]( with the same quote on both sides.
    if (src[r] !== before) return null;
    l = skipSpaceBack(src, l - 1);
    if (src[l] !== '[') return null;
    receiverEnd = src[l - 1] === '.' && src[l - 2] === '?' ? l - 2 : l;
    calleeStart = l;
    r = skipSpace(src, r + 1);
    if (src[r] !== ']') return null;
    r++;
  } else {
    return null;
  }
  r = skipSpace(src, r);
  if (src[r] === '?' && src[r + 1] === '.') r = skipSpace(src, r + 2);
  if (src[r] !== '(') return null;
  return { method, index, argStart: r + 1, receiverEnd, calleeStart };
}

function skipSpace(src: string, k: number): number {
  while (k < src.length && isSpace(src.charCodeAt(k))) k++;
  return k;
}

function skipSpaceBack(src: string, k: number): number {
  while (k >= 0 && isSpace(src.charCodeAt(k))) k--;
  return k;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
