import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import type { LinkCheck } from '../../types/snapshot.js';
import { parseUrl } from '../../url/parse.js';

const SHOWN = 4;

/** An llms.txt is a map for agents; a link that 404s sends them nowhere (Vercel and afdocs check this too). */
export default defineRule({
  id: 'llms-txt.links-resolve',
  category: 'AI Discovery',
  weight: 3,
  severity: 'warning',
  title: 'Links in llms.txt are broken',
  description: 'Whether the first 10 links in /llms.txt lead to pages that answer.',
  fix: 'Fix the URLs of the broken entries, or remove them.',
  check(ctx) {
    const checks = ctx.snapshot.llmsTxtLinks;
    if (!checks?.length) return notApplicable();
    // A link we could not ask because of our own limits (deadline, blocked address) is not the site's fault.
    const judged = checks.filter((c) => c.error !== 'deadline' && c.error !== 'blocked_address' && c.error !== 'aborted');
    if (!judged.length) return notApplicable();
    const broken = judged.filter((c) => !(c.status >= 200 && c.status < 300));
    if (!broken.length) return pass();
    const list = broken
      .slice(0, SHOWN)
      .map((c) => describe(c, ctx.pageUrl.origin))
      .join(', ');
    const more = broken.length > SHOWN ? ` and ${broken.length - SHOWN} more` : '';
    return partial(
      (judged.length - broken.length) / judged.length,
      `${broken.length} of the ${judged.length} llms.txt links Citable followed do not lead to a page: ${list}${more}. Agents that follow them get an error instead of your content; fix the URLs or remove the entries.`,
    );
  },
});

function describe(check: LinkCheck, pageOrigin: string): string {
  const where = shortUrl(check.url, pageOrigin);
  return check.status ? `${where} (HTTP ${check.status})` : `${where} (${check.error ?? 'no response'})`;
}

/** A path for links on the page's own site, the whole URL for others. */
function shortUrl(url: string, pageOrigin: string): string {
  const u = parseUrl(url);
  if (!u) return url;
  return u.origin === pageOrigin ? `${u.pathname}${u.search}` : u.href;
}
