/** Parsing one JSON-LD block's text, with a readable error when it is broken. */

export type ParsedBlock = { ok: true; value: unknown } | { ok: false; error: string };

// Wrappers some CMSs put around script content; browsers and Google ignore them, so do we.
const WRAPPERS: Array<[RegExp, RegExp]> = [
  [/^<!--/, /-->$/],
  [/^(?:\/\/\s*)?<!\[CDATA\[/, /(?:\/\/\s*)?\]\]>$/],
];

export function parseJsonLdText(raw: string): ParsedBlock {
  let text = raw.replace(/^\uFEFF/, '').trim();
  for (const [open, close] of WRAPPERS) {
    if (open.test(text) && close.test(text)) text = text.replace(open, '').replace(close, '').trim();
  }
  if (!text) return { ok: false, error: 'the block is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: describeJsonError(err, text) };
  }
  if (value === null || typeof value !== 'object') {
    return { ok: false, error: 'the block holds a bare JSON value, not a JSON-LD object' };
  }
  return { ok: true, value };
}

/** "Unexpected token } in JSON at position 41" → "Unexpected token } at line 3, column 5". */
function describeJsonError(err: unknown, text: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const position = Number(message.match(/position (\d+)/)?.[1]);
  let base = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/\s*in JSON at position \d+/, '')
    .replace(/^JSON\.parse: /, '')
    .trim();
  if (base.length > 100) base = base.slice(0, 97) + '...';
  if (!Number.isFinite(position)) return base || 'invalid JSON';
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${base} at line ${line}, column ${column}`;
}
