import { useState } from 'preact/hooks';
import type { Fix } from '../../lib/api/types.js';
import { archiveName, groupFixes, type IssueHeading } from '../../lib/dashboard/fixes.js';
import type { Load } from './use-api.js';
import { Empty, ErrorState } from './states.js';
import { t } from '../../lib/i18n/t.js';

const WHERE: Record<Fix['kind'], (fix: Fix) => string> = {
  file: (fix) => t('fixWhereFile', fix.path ?? ''),
  snippet: (fix) => t('fixWhereSnippet', fix.path ?? ''),
  config: () => t('fixWhereConfig'),
};

/**
 * The fixes of an audit or a crawl (GET /audits/{id}/fixes, GET /crawls/{id}/fixes): each under the issue it
 * fixes, with a copy button, the page's head before and after for a head snippet, and one archive of all.
 */
export function FixesPanel({
  fixes,
  issues,
  url,
  onRetry,
}: {
  fixes: Load<{ fixes: Fix[] }>;
  issues: readonly IssueHeading[];
  url: string;
  onRetry: () => void;
}) {
  const [saved, setSaved] = useState('');
  if (fixes.state === 'loading') {
    return (
      <p class="state state-loading" role="status" aria-busy="true">
        {t('fixesReading')}
      </p>
    );
  }
  if (fixes.state === 'error') return <ErrorState what={t('fixesWhat')} error={fixes.error} onRetry={onRetry} />;
  const all = fixes.data.fixes;
  if (!all.length) return <Empty title={t('fixesNothing')}>{t('fixesTeamOnly')}</Empty>;
  const save = async () => {
    const exporter = await import('../../lib/export/export-fixes.js');
    setSaved(exporter.saveFixesArchive(all, archiveName(url)));
  };
  return (
    <div class="fixes" data-testid="fixes">
      <div class="toolbar">
        <button type="button" class="secondary" onClick={() => void save()} data-action="download-fixes">
          {t('fixesDownloadAll', all.length)}
        </button>
        {saved && (
          <span class="muted small" role="status">
            {t('wbSaved', saved)}
          </span>
        )}
      </div>
      {groupFixes(issues, all).map((group) => (
        <section
          class="fix-group"
          key={group.issue?.rule ?? 'other'}
          aria-label={group.issue ? t('fixesFor', group.issue.title) : t('fixesOther')}
        >
          <h3>
            {group.issue && (
              <span class={`sev sev-${group.issue.severity}`}>
                {t(`severity_${group.issue.severity as 'critical' | 'warning' | 'notice'}`)}
              </span>
            )}{' '}
            {group.issue ? group.issue.title : t('fixesAlsoOffered')}
          </h3>
          {group.fixes.map((fix) => (
            <FixCard key={fix.id} fix={fix} />
          ))}
        </section>
      ))}
    </div>
  );
}

/** Contents up to this many lines show at once; longer ones (a Markdown page, the JSON-LD) open on demand. */
const OPEN_LINES = 16;

function FixCard({ fix }: { fix: Fix }) {
  const [copied, setCopied] = useState('');
  const lines = fix.content.split('\n').length;
  const copy = () =>
    navigator.clipboard.writeText(fix.content).then(
      () => setCopied(t('fixesCopied')),
      () => setCopied(t('fixesCopyRefused')),
    );
  return (
    <article class="fix-card" data-fix-id={fix.id}>
      <div class="fix-card-head">
        <strong>{fix.title}</strong>
        <button
          type="button"
          class="secondary small"
          onClick={() => void copy()}
          data-action="copy-fix"
          aria-label={t('fixesCopyLabel', fix.title)}
        >
          {t('fixesCopy')}
        </button>
        <span class="muted small" role="status">
          {copied}
        </span>
      </div>
      <p class="muted small">
        {WHERE[fix.kind](fix)}
        {fix.rules.length > 0 && (
          <>
            {' '}
            · {t('fixesFixes')} <span class="mono">{fix.rules.join(', ')}</span>
          </>
        )}
      </p>
      <p class="small">{fix.explanation}</p>
      <details class="fix-content" open={lines <= OPEN_LINES}>
        <summary>{lines <= OPEN_LINES ? t('fixesContent') : t('fixesShowAll', lines)}</summary>
        <pre class="fix-code" tabIndex={0} aria-label={t('fixesContentLabel', fix.title)}>
          {fix.content}
        </pre>
      </details>
      {fix.preview && <FixPreview preview={fix.preview} />}
    </article>
  );
}

/** A snippet's effect on the page's head: before and after, side by side. */
function FixPreview({ preview }: { preview: NonNullable<Fix['preview']> }) {
  return (
    <details class="fix-preview">
      <summary>{t('fixesHeadBeforeAfter')}</summary>
      <div class="preview-cols">
        <div>
          <p class="muted small">{t('fixesBefore')}</p>
          <pre class="fix-code" tabIndex={0} aria-label={t('fixesHeadBefore')}>
            {preview.before}
          </pre>
        </div>
        <div>
          <p class="muted small">{t('fixesAfter')}</p>
          <pre class="fix-code" tabIndex={0} aria-label={t('fixesHeadAfter')}>
            {preview.after}
          </pre>
        </div>
      </div>
    </details>
  );
}
