/**
 * A fix in a client report (docs/fixes.md), under the issue it fixes: what it is, where it goes, why, and its file
 * or snippet (long ones only in the archive of FixesSection.tsx).
 */
import type { Fix } from '../../fixes/types.js';

/** Contents longer than this are in the archive only (a crawl's llms-full.txt can run to megabytes). */
export const SHOWN_FIX_CHARS = 20_000;

const WHERE: Record<Fix['kind'], (fix: Fix) => string> = {
  file: (fix) => `publish at ${fix.path ?? ''}`,
  snippet: (fix) => `add to the <head> of ${fix.path ?? ''}`,
  config: () => 'server or CDN example',
};

export function FixItem({ fix }: { fix: Fix }) {
  return (
    <div class="fix" data-fix-id={fix.id}>
      <p class="fix-head">
        <strong>Fix: {fix.title}</strong> <span class="muted small">{WHERE[fix.kind](fix)}</span>
      </p>
      {fix.rules.length > 0 && (
        <p class="issue-meta">
          Fixes <span class="mono">{fix.rules.join(', ')}</span>
        </p>
      )}
      <p class="small">{fix.explanation}</p>
      {fix.content.length <= SHOWN_FIX_CHARS ? (
        <pre class="fix-content">{fix.content}</pre>
      ) : (
        <p class="muted small">{Math.round(fix.content.length / 1024)} KB: in the archive of every fix.</p>
      )}
    </div>
  );
}

export function fixesForRule(fixes: readonly Fix[] | null | undefined, rule: string): Fix[] {
  return (fixes ?? []).filter((f) => f.rules.includes(rule));
}
