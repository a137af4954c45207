/** The dashboard's views, addressed by the URL's hash so a link (from the popup, a bookmark) opens one directly. */
export type Route =
  | { view: 'audits' }
  | { view: 'audit'; id: string }
  | { view: 'crawls' }
  | { view: 'crawl'; id: string }
  /** A crawl's pages: all of them, or those with an issue of `rule`. */
  | { view: 'crawl-pages'; id: string; rule?: string }
  | { view: 'monitors' }
  | { view: 'webhooks' }
  | { view: 'webhook'; id: string }
  | { view: 'projects' }
  | { view: 'project'; id: string }
  /** A project's AI crawler traffic from its access logs. */
  | { view: 'project-traffic'; id: string }
  | { view: 'shares' };

/** The sections of the navigation, in order; `label` is the catalogue's message key (extension/lib/i18n/t.ts). */
export const SECTIONS = [
  { view: 'audits', label: 'navAudits' },
  { view: 'crawls', label: 'navCrawls' },
  { view: 'monitors', label: 'navMonitors' },
  { view: 'webhooks', label: 'navWebhooks' },
  { view: 'projects', label: 'navProjects' },
  { view: 'shares', label: 'navShares' },
] as const;

export type Section = (typeof SECTIONS)[number]['view'];

const DETAIL: Record<string, Route['view']> = { audits: 'audit', crawls: 'crawl', webhooks: 'webhook', projects: 'project' };
/** Ids are opaque to the dashboard, but only plain characters reach a request path. */
const ID = /^[A-Za-z0-9_-]{1,80}$/;
/** A rule id (`content.title`): `<area>.<what>`. */
const RULE = /^[a-z0-9-]{1,40}\.[a-z0-9-]{1,60}$/;

/** `#/audits/ab12…` → `{view: 'audit', id}`; anything unknown → the audits list. */
export function parseRoute(hash: string): Route {
  const [section = '', id, ...rest] = hash
    .replace(/^#\/?/, '')
    .split('/')
    .map((s) => decodeURIComponent(s));
  if (section === 'projects' && id && ID.test(id) && rest.length === 1 && rest[0] === 'traffic') return { view: 'project-traffic', id };
  if (rest.length > 0) return crawlPages(section, id, rest);
  if (id !== undefined && id !== '') {
    const view = DETAIL[section];
    return view && ID.test(id) ? ({ view, id } as Route) : { view: 'audits' };
  }
  return SECTIONS.some((s) => s.view === section) ? ({ view: section } as Route) : { view: 'audits' };
}

/** `#/crawls/{id}/pages` and `#/crawls/{id}/pages/{rule}`; anything else → the audits list. */
function crawlPages(section: string, id: string | undefined, rest: string[]): Route {
  const [what, rule, ...more] = rest;
  if (section !== 'crawls' || !id || !ID.test(id) || what !== 'pages' || more.length > 0) return { view: 'audits' };
  if (rule === undefined || rule === '') return { view: 'crawl-pages', id };
  return RULE.test(rule) ? { view: 'crawl-pages', id, rule } : { view: 'audits' };
}

export function routeHref(route: Route): string {
  switch (route.view) {
    case 'crawl-pages':
      return `#/crawls/${encodeURIComponent(route.id)}/pages${route.rule ? `/${encodeURIComponent(route.rule)}` : ''}`;
    case 'audit':
      return `#/audits/${encodeURIComponent(route.id)}`;
    case 'crawl':
      return `#/crawls/${encodeURIComponent(route.id)}`;
    case 'webhook':
      return `#/webhooks/${encodeURIComponent(route.id)}`;
    case 'project':
      return `#/projects/${encodeURIComponent(route.id)}`;
    case 'project-traffic':
      return `#/projects/${encodeURIComponent(route.id)}/traffic`;
    default:
      return `#/${route.view}`;
  }
}

/** The navigation section a route belongs to (a detail view highlights its list). */
export function sectionOf(route: Route): Section {
  const parent: Partial<Record<Route['view'], Section>> = {
    audit: 'audits',
    crawl: 'crawls',
    'crawl-pages': 'crawls',
    webhook: 'webhooks',
    project: 'projects',
    'project-traffic': 'projects',
  };
  return parent[route.view] ?? (route.view as Section);
}
