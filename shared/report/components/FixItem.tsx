/**
 * A fix in a client report (docs/fixes.md), under the issue it fixes: what it is, where it goes, why, and its file
 * or snippet (long ones only in the archive of FixesSection.tsx).
 */
import type { Fix } from '../../fixes/types.js';
import { useT } from '../i18n-context.js';
import { RichText } from '../rich-text.js';

/** Contents longer than this are in the archive only (a crawl's llms-full.txt can run to megabytes). */
export const SHOWN_FIX_CHARS = 20_000;

const WHERE = { file: 'fix.file', snippet: 'fix.snippet', config: 'fix.config' } as const;

export function FixItem({ fix }: { fix: Fix }) {
  const tr = useT();
  return (
    <div class="fix" data-fix-id={fix.id}>
      <p class="fix-head">
        <strong>{tr.t('fix.title', { title: fix.title })}</strong>{' '}
        <span class="muted small">{tr.t(WHERE[fix.kind], { path: fix.path ?? '' })}</span>
      </p>
      {fix.rules.length > 0 && (
        <p class="issue-meta">
          {tr.t('fix.fixes')} <span class="mono">{fix.rules.join(', ')}</span>
        </p>
      )}
      <p class="small">
        <RichText text={fix.explanation} />
      </p>
      {fix.content.length <= SHOWN_FIX_CHARS ? (
        <pre class="fix-content snippet">{fix.content}</pre>
      ) : (
        <p class="muted small">{tr.t('fix.inArchive', { kb: Math.round(fix.content.length / 1024) })}</p>
      )}
    </div>
  );
}

export function fixesForRule(fixes: readonly Fix[] | null | undefined, rule: string): Fix[] {
  return (fixes ?? []).filter((f) => f.rules.includes(rule));
}
