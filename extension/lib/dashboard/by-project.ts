/**
 * Which client (project) an address belongs to: its host is the project's domain, one of its aliases, or a
 * subdomain of one (`www.` ignored), as citation tracking matches a site. Lets every list be narrowed to a client.
 */
import type { Project } from '../api/types.js';

function hostOf(url: string): string | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The first project whose domain or aliases cover the URL's host, or null. */
export function projectOf(url: string, projects: readonly Pick<Project, 'id' | 'domain' | 'aliases'>[]): string | null {
  const host = hostOf(url);
  if (!host) return null;
  for (const p of projects) for (const d of [p.domain, ...p.aliases]) if (host === d || host.endsWith(`.${d}`)) return p.id;
  return null;
}

/** The rows of one project (`projectId`), or all of them when it is ''. */
export function inProject<T>(
  rows: readonly T[],
  urlOf: (row: T) => string,
  projectId: string,
  projects: readonly Pick<Project, 'id' | 'domain' | 'aliases'>[],
): T[] {
  return projectId === '' ? [...rows] : rows.filter((r) => projectOf(urlOf(r), projects) === projectId);
}
