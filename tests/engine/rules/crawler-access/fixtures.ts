/** Fixtures several Crawler Access rule tests share (the site itself is ../../crawler-access/site.ts). */
import { ARTICLE, PAGE_URL, resource, site } from '../../crawler-access/site.js';

export const ROBOTS_URL = 'https://example.com/robots.txt';
export const NOTHING_BLOCKED = 'User-agent: *\nDisallow: /admin/\n';
export const HTML_ROBOTS = '<!DOCTYPE html><html><head><title>App</title></head><body><div id="root"></div></body></html>';

export const CF_CHALLENGE =
  '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><div id="cf-challenge-running"></div></body></html>';
export const WEAK_MARKERS = ARTICLE.replace(
  '</body>',
  '<script src="/cdn-cgi/challenge-platform/h/b/scripts/jsd/x/main.js"></script></body>',
);
export const notFoundForEveryone = () => {
  const notFound = resource(PAGE_URL, 'Not found', { status: 404 });
  return site({ page: notFound, pageAsSearchAgent: notFound, pageAsUserAgent: notFound });
};

/** The page as an agent probe received it. */
export const ok = resource(PAGE_URL, ARTICLE);
export const answered = (status: number, headers: Record<string, string> = {}, body = 'no') =>
  resource(PAGE_URL, body, { status, headers: { 'content-type': 'text/html', ...headers } });
export const PRICE = { 'crawler-price': 'USD 0.01' };

/** A page whose head holds `meta`, served as is or with an X-Robots-Tag header. */
export const withHead = (meta: string) => `<!doctype html><html><head>${meta}<title>T</title></head><body><p>Text</p></body></html>`;
export const withMeta = (meta: string) => site({ html: withHead(meta) });
export const withHeader = (value: string) =>
  site({ page: resource(PAGE_URL, withHead(''), { headers: { 'content-type': 'text/html', 'x-robots-tag': value } }) });

/** A page at `path` of example.com, with extra response headers. */
export const at = (path: string) => `https://example.com${path}`;
export const withHeaders = (headers: Record<string, string>) =>
  site({ page: resource(at('/blog/post'), ARTICLE, { headers: { 'content-type': 'text/html', ...headers } }) });

export const SEARCH_YES_TRAIN_NO = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n';
export const SEARCH_NO = 'User-agent: *\nContent-Signal: search=no, ai-input=no\nAllow: /\n';

const COPIED_LIST = [
  'GPTBot',
  'ChatGPT-User',
  'CCBot',
  'anthropic-ai',
  'ClaudeBot',
  'Claude-Web',
  'cohere-ai',
  'Bytespider',
  'Diffbot',
  'FacebookBot',
  'facebookexternalhit',
  'Google-Extended',
  'ImagesiftBot',
  'omgili',
  'PerplexityBot',
  'YouBot',
  'Applebot',
  'Applebot-Extended',
  'Amazonbot',
  'img2dataset',
  'Timpibot',
]
  .map((a) => `User-agent: ${a}`)
  .join('\n');
/** A robots.txt that copies a broad AI block list wholesale. */
export const copied = () => site({ robots: `${COPIED_LIST}\nDisallow: /\n\nUser-agent: *\nAllow: /\n` });
