/** URL parsing that never throws: a page full of broken hrefs is ordinary input, not an error. */

/** `input` parsed against `base`, or null when it does not parse. */
export function parseUrl(input: string, base?: string | URL | null): URL | null {
  try {
    return new URL(input, base ?? undefined);
  } catch {
    return null;
  }
}

/** The absolute form of `input` against `base`, or null when it does not parse. */
export function resolveUrl(input: string, base?: string | URL | null): string | null {
  return parseUrl(input, base)?.href ?? null;
}

/** An href or src attribute as a link: trimmed, resolved; null when absent, empty or unparsable. */
export function resolveHref(raw: string | undefined, base: URL | null): string | null {
  const trimmed = raw?.trim();
  return trimmed ? resolveUrl(trimmed, base) : null;
}

/** Like resolveHref, but only http(s) links (no mailto:, javascript:, data:). */
export function resolveHttpHref(raw: string | undefined, base: URL | null): string | null {
  const href = resolveHref(raw, base);
  return href !== null && /^https?:/.test(href) ? href : null;
}

/** The hostname of an absolute URL, or null. */
export function hostOf(url: string): string | null {
  return parseUrl(url)?.hostname ?? null;
}

/** The origin of an absolute URL, or null. */
export function originOf(url: string): string | null {
  return parseUrl(url)?.origin ?? null;
}
