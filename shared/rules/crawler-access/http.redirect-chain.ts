import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { hostOf } from '../../url/parse.js';
import { redirectHopsHidden } from '../../judge/redirects.js';

/** More hops than this is a long chain: several AI fetchers give up after a few redirects. */
const MAX_HOPS = 2;

/** Cross-host and long redirect chains break some AI fetchers (docs/research/peers.md#signals-peers-check). */
export default defineRule({
  id: 'http.redirect-chain',
  category: 'Crawler Access',
  weight: 4,
  severity: 'warning',
  title: 'The page is only reachable through a long or cross-host redirect chain',
  description: 'Whether the page is reached through more than two redirects, or through a redirect to another host.',
  fix: 'Link to the final URL directly, and keep any redirect to one hop on the same site.',
  check(ctx) {
    const page = ctx.snapshot.page;
    if (page.error || page.status === 0) return notApplicable();
    const hops = page.redirects;
    // A browser's fetch hides the hops: where it ended still tells a cross-host redirect, not how many there were.
    if (!hops.length && !redirectHopsHidden(page)) return pass();
    const from = hostOf(page.url || ctx.snapshot.requestedUrl);
    const to = hostOf(page.finalUrl);
    const crossHost = from !== null && to !== null && bareHost(from) !== bareHost(to);
    const long = hops.length > MAX_HOPS;
    if (!crossHost && !long) return pass();
    const found = [long ? `${hops.length} redirects` : '', crossHost ? `a redirect from ${from} to ${to}` : '']
      .filter(Boolean)
      .join(' including ');
    return partial(
      long && crossHost ? 0.25 : 0.5,
      `Reaching the page takes ${found}; some AI fetchers stop after a few hops or refuse to follow another host. Link to ${page.finalUrl} directly.`,
    );
  },
});

/** example.com and www.example.com are the same site for this purpose. */
function bareHost(host: string): string {
  return host.replace(/^www\./, '');
}
