/** `Sitemap:` lines of a robots.txt (RFC 9309 section 2.2.4: not tied to any group), absolute URLs only. */
export function sitemapUrlsFromRobots(robotsTxt: string): string[] {
  const urls: string[] = [];
  for (const line of robotsTxt.split(/\r\n|\r|\n/)) {
    const m = line.match(/^\s*sitemap\s*:\s*(\S+)/i);
    if (!m) continue;
    try {
      const url = new URL(m[1]!);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
    } catch {
      // relative or malformed Sitemap values are ignored, as crawlers do
    }
  }
  return urls;
}
