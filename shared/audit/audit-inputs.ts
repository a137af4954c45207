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
 * One short sentence on where the audit was scored and what that includes or leaves out, for the popup, the
 * dashboard and the reports; null for an audit made before its inputs were recorded.
 */
export function auditSourceLine(audit: { origin: Audit['origin'] | string; inputs?: AuditInputs | null | undefined }): string | null {
  const inputs = audit.inputs;
  if (!inputs) return null;
  if (audit.origin === 'extension') {
    const has = [inputs.rendered ? 'the page after JavaScript' : '', inputs.runtime_webmcp ? 'WebMCP tools registered at run time' : '']
      .filter(Boolean)
      .join(' and ');
    const lacks = [
      inputs.agent_probes === 0 ? 'the AI agent probes (no access to this site)' : '',
      inputs.redirect_hops_hidden ? 'the redirect hops' : '',
      inputs.unread_files.length
        ? `${inputs.unread_files.length} site ${inputs.unread_files.length === 1 ? 'file' : 'files'} the browser would not read`
        : '',
    ].filter(Boolean);
    return `Scored in the browser${has ? `: includes ${has}` : ''}${lacks.length ? `; without ${joinAnd(lacks)}` : ''}.`;
  }
  const where = audit.origin === 'crawl' ? 'Scored on the server (site audit)' : 'Scored on the server';
  return inputs.rendered
    ? `${where}, with the page rendered in a headless browser.`
    : `${where}, from the HTML without running JavaScript: the checks that need the rendered page were left out.`;
}

function joinAnd(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
