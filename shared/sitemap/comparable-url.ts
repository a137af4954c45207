/**
 * A URL reduced to what makes two spellings the same page for "is it listed?" questions:
 * no fragment, lower-case host, default port dropped (URL does that), one trailing slash ignored.
 * Null when the value is not an absolute URL.
 */
export function comparableUrl(value: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return null;
  }
  url.hash = '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  return `${url.protocol}//${url.host}${path}${url.search}`;
}
