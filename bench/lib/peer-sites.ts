/**
 * The loopback sites the peer comparison audits: fixture sites from tests/fixtures/sites (the ones the
 * engine tests use) plus two variants of the good article, built here, for cases the shared fixtures do not
 * isolate (trust signals only in JSON-LD; GPTBot allowed by its own group under a `*` disallow).
 */
import { FIXTURE_SITES } from '../../tests/fixtures/sites/index.js';
import type { FixtureHandler } from '../../tests/helpers/fixture-server.js';
import { ARTICLE_PATH, articlePage, goodArticleSite, markdownVersion } from '../../tests/fixtures/sites/good-article.js';
import { text, type SiteDefinition } from '../../tests/fixtures/sites/types.js';

export interface PeerSite {
  name: string;
  /** What makes the site interesting for the comparison. */
  about: string;
  definition: SiteDefinition;
  /** Path of the audited page. */
  path: string;
  /** `fixture` = served exactly as tests/fixtures/sites defines it; `variant` = derived here. */
  source: 'fixture' | 'variant';
}

function fixture(name: string, about: string): PeerSite {
  const entry = FIXTURE_SITES[name];
  if (!entry) throw new Error(`no fixture site named ${name} in tests/fixtures/sites/index.ts`);
  return { name, about, definition: entry.site, path: entry.path, source: 'fixture' };
}

/** Removes `pattern` from `page`, failing loudly if the fixture no longer contains it. */
function strip(page: string, pattern: RegExp, what: string): string {
  if (!pattern.test(page)) throw new Error(`trust-in-json-ld-only: the good article no longer has ${what}`);
  return page.replace(pattern, '');
}

/** The good article with author and dates left only in its JSON-LD (no meta author, byline, <time>, article:*). */
const trustInJsonLdOnly: SiteDefinition = (origin) => {
  let page = articlePage(origin);
  page = strip(page, /<meta name="author"[^>]*>\n?/, 'a meta author');
  page = strip(page, /<meta property="article:(?:published|modified)_time"[^>]*>\n?/g, 'article:*_time metas');
  page = strip(page, /<p class="byline">[\s\S]*?<\/p>\n?/, 'a byline');
  // Markdown negotiation as the good article serves it (negotiatedArticle), with the stripped page.
  const negotiated: FixtureHandler = (req, res) => {
    const markdown = (req.headers.accept ?? '').includes('text/markdown');
    res.writeHead(200, { 'content-type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8', vary: 'Accept' });
    res.end(markdown ? markdownVersion : page);
  };
  return { ...goodArticleSite(origin), [ARTICLE_PATH]: negotiated };
};

/** `*` may not crawl, GPTBot may (its own group wins under RFC 9309): only OpenAI's training crawler is welcome. */
const robotsGptbotOwnGroup: SiteDefinition = (origin) => ({
  ...goodArticleSite(origin),
  '/robots.txt': text('User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n'),
});

export const PEER_SITES: readonly PeerSite[] = [
  fixture('good-article', 'the well-made article: every signal present'),
  fixture('spa-shell', 'client-rendered SPA: an empty root in the server HTML'),
  fixture('robots-block-training', 'robots.txt blocks only training crawlers (GPTBot, ClaudeBot, Google-Extended, CCBot)'),
  fixture('challenge-for-ai', 'a Cloudflare-style challenge served only to AI user agents'),
  fixture('llms-invalid', 'llms.txt that breaks the llmstxt.org grammar'),
  fixture('webmcp-bundle', 'a WebMCP registerTool() call inside a minified bundle'),
  fixture('webmcp-declarative', 'a declarative WebMCP form (toolname/tooldescription)'),
  fixture('builder-wordpress', 'a WordPress page (builder detection)'),
  {
    name: 'trust-in-json-ld-only',
    about: 'the good article with author and dates only in JSON-LD',
    definition: trustInJsonLdOnly,
    path: ARTICLE_PATH,
    source: 'variant',
  },
  {
    name: 'robots-gptbot-own-group',
    about: 'robots.txt: `*` disallowed, GPTBot allowed by its own group',
    definition: robotsGptbotOwnGroup,
    path: ARTICLE_PATH,
    source: 'variant',
  },
];

/**
 * @vercel/agent-readability audits a site, not a page: given a base URL it samples up to 5 pages from
 * `<base>/sitemap.xml`, or else tries `<base>/docs`, `<base>/docs/getting-started`, `<base>/docs/introduction`
 * and `<base>/`. It is given the origin; on a site without a sitemap whose audited page is not `/`, `/`
 * serves the audited page too, so its sample is the same page the other tools audit.
 */
export function withRootAlias(site: PeerSite): SiteDefinition {
  return (origin) => {
    const routes = site.definition(origin);
    if (site.path !== '/' && !routes['/'] && !routes['/sitemap.xml'] && routes[site.path]) routes['/'] = routes[site.path]!;
    return routes;
  };
}

export interface ServedResponse {
  path: string;
  ua: string;
  accept: string;
  status: number;
}

/** The same site, with every answer it gives to a defined route recorded (user agent, status). */
export function recordResponses(definition: SiteDefinition, log: ServedResponse[]): SiteDefinition {
  return (origin) => {
    const routes = definition(origin);
    for (const [path, route] of Object.entries(routes)) {
      const handler: FixtureHandler =
        typeof route === 'function'
          ? route
          : (_req, res) => {
              res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers });
              res.end(route.body ?? '');
            };
      routes[path] = async (req, res) => {
        res.on('finish', () =>
          log.push({ path, ua: req.headers['user-agent'] ?? '', accept: req.headers.accept ?? '', status: res.statusCode }),
        );
        await handler(req, res);
      };
    }
    return routes;
  };
}
