/**
 * Script URLs that name a WebMCP runtime: worth reporting even when the script was not fetched
 * (cross-origin, capped), since the URL alone says the page loads one.
 */
const FINGERPRINTS: Array<{ pattern: RegExp; library?: string }> = [
  { pattern: /@mcp-b\/global\b/i, library: '@mcp-b/global' },
  { pattern: /@mcp-b\/webmcp-polyfill\b/i, library: '@mcp-b/webmcp-polyfill' },
  { pattern: /\/_webmcp\/bootstrap\./i, library: 'cf-webmcp' },
  { pattern: /(?:^|[/@_-])webmcp(?:[.-]polyfill)?(?:\.iife)?(?:\.min)?\.m?js(?:$|[?#])/i },
];

export interface SrcFingerprint {
  library?: string;
}

export function scriptSrcFingerprint(url: string): SrcFingerprint | null {
  for (const f of FINGERPRINTS) {
    if (f.pattern.test(url)) return f.library ? { library: f.library } : {};
  }
  return null;
}
