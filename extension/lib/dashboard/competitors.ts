/** A competitor typed into the dashboard's form, checked before PATCH /projects/{id} (the server checks the hosts again). */
import type { Project } from '../api/types.js';

type Competitor = Project['competitors'][number];

/** A host such as `globex.com` or `eu.globex.com` (no scheme, path or spaces). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export type CompetitorProblem = 'name' | 'domains' | 'domain' | 'duplicate';

/** `domains` as typed ("globex.com, globex.de"): trimmed, lower case, `https://` and `www.` dropped, each once. */
export function parseDomains(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[\s,]+/)) {
    const d = raw
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/^www\./, '');
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}

/** What is wrong with a new competitor, or null; `existing` are the project's current ones. */
export function competitorProblem(
  name: string,
  domains: readonly string[],
  existing: readonly Pick<Competitor, 'name'>[],
): CompetitorProblem | null {
  if (!name.trim()) return 'name';
  if (domains.length === 0) return 'domains';
  if (domains.some((d) => !HOST.test(d))) return 'domain';
  if (existing.some((c) => c.name.toLowerCase() === name.trim().toLowerCase())) return 'duplicate';
  return null;
}

/** The competitors as PATCH sends them (the wire's members, nothing the server adds). */
export function competitorsBody(list: readonly Competitor[]): Array<Pick<Competitor, 'name' | 'domains' | 'aliases' | 'case_sensitive'>> {
  return list.map((c) => ({ name: c.name, domains: [...c.domains], aliases: [...c.aliases], case_sensitive: [...c.case_sensitive] }));
}
