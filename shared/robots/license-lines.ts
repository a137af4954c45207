import type { ParsedRobots } from './types.js';

/** One `License:` line of robots.txt (RSL 1.0, Really Simple Licensing): the URL of the site's licence document. */
export interface LicenseLine {
  line: number;
  value: string;
}

/** Every License line, wherever it sits (RSL reads it for all crawlers, like Sitemap). */
export function licenseLines(robots: ParsedRobots): LicenseLine[] {
  const all = [...robots.global, ...robots.groups.flatMap((g) => g.extensions)];
  return all
    .filter((e) => e.key === 'license')
    .map((e) => ({ line: e.line, value: e.value.trim() }))
    .sort((a, b) => a.line - b.line);
}
