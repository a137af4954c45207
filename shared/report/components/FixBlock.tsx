/**
 * Fixes in a client report (docs/fixes.md): each under the issue it fixes, its file or snippet shown (long ones
 * only in the archive), and one link that downloads every fix as a ZIP archive from a `data:` URL, so the
 * report stays one file that loads nothing and runs no script.
 */
import { fixFiles } from '../../fixes/archive.js';
import type { Fix } from '../../fixes/types.js';
import { toBase64, zipStore } from '../../fixes/zip.js';
import { plural } from '../format.js';
import { Section } from './Section.js';

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

/** Every fix of the report as one archive, and the fixes no issue of the report names. */
export function FixesSection({ fixes, issueRules }: { fixes: readonly Fix[]; issueRules: ReadonlySet<string> }) {
  const archive = toBase64(zipStore(fixFiles(fixes).map((f) => ({ name: f.name, data: f.text }))));
  const untied = fixes.filter((f) => !f.rules.some((r) => issueRules.has(r)));
  return (
    <Section id="fixes" title="Fixes">
      <p>
        {plural(fixes.length, 'fix', 'fixes')} to put on the site, each shown under the issue it fixes.{' '}
        <a class="download" download="citable-fixes.zip" href={`data:application/zip;base64,${archive}`}>
          Download every fix as one archive (.zip)
        </a>
      </p>
      {untied.map((fix) => (
        <FixItem key={fix.id} fix={fix} />
      ))}
    </Section>
  );
}

export function fixesForRule(fixes: readonly Fix[] | null | undefined, rule: string): Fix[] {
  return (fixes ?? []).filter((f) => f.rules.includes(rule));
}
