/** Prompts and result rows for the citation store tests. */
import type { CitationEngineId } from '../../../../shared/schema/citation-engines.js';
import type { StoredCitationRow, StoredPrompt } from '../../../../server/store/contracts/citations.js';

export const ACCOUNT = 'acct_AAAAAAAAAAAA';
export const OTHER = 'acct_BBBBBBBBBBBB';

export function prompt(n: number, account = ACCOUNT, domain = 'acme.com'): StoredPrompt {
  return {
    id: `prm_${String(n).padStart(16, '0')}`,
    project_id: null,
    account_id: account,
    text: `prompt ${n}`,
    domain,
    aliases: [],
    runs: null,
    created_at: new Date(Date.UTC(2026, 8, 1, 0, n)).toISOString(),
  };
}

export function row(p: StoredPrompt, engine: CitationEngineId, at: string, extra: Partial<StoredCitationRow> = {}): StoredCitationRow {
  return {
    account_id: p.account_id,
    prompt: p.text,
    engine,
    cited: false,
    checked_at: at,
    prompt_id: p.id,
    domain: p.domain,
    status: 'ok',
    cited_urls: [],
    position: null,
    runs: 1,
    cited_runs: 0,
    failed_runs: 0,
    retrieved: false,
    unresolved_citations: 0,
    model: null,
    check_id: 'chk_AAAAAAAAAAAAAAAA',
    calls: 1,
    project_id: null,
    mentioned: false,
    mentioned_runs: 0,
    visible_runs: 0,
    search_queries: [],
    competitors: [],
    surface: 'api',
    ...extra,
  };
}
