/**
 * `audit.inputs` and the line the views show with it (docs/audits.md#why-the-extension-and-the-server-can-differ):
 * the extension and the server run the same engine, but a browser and a server do not see the same things. The
 * audit records what it was judged from, so two audits of one page that differ say why.
 */
import type { Audit, AuditInputs } from '../types/audit.js';
import type { FetchedResource } from '../types/fetcher.js';
import type { Snapshot } from '../types/snapshot.js';
import { probedPages } from '../gather/agent-probes.js';
import { redirectHopsHidden } from '../judge/redirects.js';
import { createTranslator, type Translator } from '../i18n/translator.js';

const BROWSER_READ_FILES = ['robotsTxt', 'sitemap', 'llmsTxt', 'llmsFullTxt'] as const;

export function auditInputs(snapshot: Snapshot): AuditInputs {
  const unread = BROWSER_READ_FILES.map((member) => snapshot[member]).filter(
    (r): r is FetchedResource => r?.error?.code === 'cross_origin',
  );
  return {
    rendered: !!snapshot.rendered,
    runtime_webmcp: !!snapshot.runtimeWebmcp,
    agent_probes: probedPages(snapshot).length,
    redirect_hops_hidden: redirectHopsHidden(snapshot.page),
    unread_files: unread.map((r) => r.url),
  };
}

/**
 * One or two short sentences on where the audit was scored and what that includes or leaves out, for the popup,
 * the dashboard and the reports, in the report's language (English by default); null for an audit made before
 * its inputs were recorded.
 */
export function auditSourceLine(
  audit: { origin: Audit['origin'] | string; inputs?: AuditInputs | null | undefined },
  translator: Translator = createTranslator('en'),
): string | null {
  const inputs = audit.inputs;
  if (!inputs) return null;
  const { t } = translator;
  if (audit.origin !== 'extension') {
    const crawl = audit.origin === 'crawl';
    if (inputs.rendered) return t(crawl ? 'source.crawlRendered' : 'source.serverRendered');
    return t(crawl ? 'source.crawlUnrendered' : 'source.serverUnrendered');
  }
  const list = (items: string[]) => new Intl.ListFormat(translator.locale, { type: 'conjunction' }).format(items);
  const has = [inputs.rendered ? t('source.renderedPage') : '', inputs.runtime_webmcp ? t('source.runtimeWebmcp') : ''].filter(Boolean);
  const unread = inputs.unread_files.length;
  const lacks = [
    inputs.agent_probes === 0 ? t('source.noAgentProbes') : '',
    inputs.redirect_hops_hidden ? t('source.redirectHops') : '',
    unread ? t('source.unreadFiles', { count: unread }) : '',
  ].filter(Boolean);
  const scored = has.length ? t('source.browserIncludes', { list: list(has) }) : t('source.browser');
  return lacks.length ? `${scored} ${t('source.browserWithout', { list: list(lacks) })}` : scored;
}
