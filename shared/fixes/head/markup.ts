/**
 * Writing values into HTML a page will carry. Text and attributes are escaped; JSON inside a `<script>` has
 * `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026`, so no value (`</script>`, `<!--`) can end the element
 * early. For a page not in UTF-8, every character beyond ASCII is written as a character reference (or a `\u`
 * escape in JSON), so the snippet reads the same whatever the page's encoding.
 */

/** True when snippets for this page must be plain ASCII: it declares an encoding other than UTF-8. */
export function needsAscii(encoding: string | null): boolean {
  return encoding !== null && !/^utf-?8$/i.test(encoding);
}

export function escapeText(value: string, ascii: boolean): string {
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return ascii ? asciiReferences(escaped) : escaped;
}

export function escapeAttr(value: string, ascii: boolean): string {
  return escapeText(value, ascii).replace(/"/g, '&quot;');
}

function asciiReferences(text: string): string {
  return text.replace(/[\u0080-\u{10ffff}]/gu, (ch) => `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`);
}

/** JSON for a `<script type="application/ld+json">` element: indented, and unable to close it. */
export function jsonForScript(value: unknown, ascii: boolean): string {
  const json = JSON.stringify(value, null, 2)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return ascii ? json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}
