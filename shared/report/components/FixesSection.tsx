/**
 * The report's fixes section (docs/fixes.md): one link that downloads every fix as a ZIP archive from a `data:`
 * URL, so the report stays one file that loads nothing and runs no script, and the fixes no issue names.
 */
import { fixFiles } from '../../fixes/archive.js';
import type { Fix } from '../../fixes/types.js';
import { toBase64, zipStore } from '../../fixes/zip.js';
import { useT } from '../i18n-context.js';
import { FixItem } from './FixItem.js';
import { Section } from './Section.js';

/** Every fix of the report as one archive, and the fixes no issue of the report names. */
export function FixesSection({ fixes, issueRules }: { fixes: readonly Fix[]; issueRules: ReadonlySet<string> }) {
  const archive = toBase64(zipStore(fixFiles(fixes).map((f) => ({ name: f.name, data: f.text }))));
  const untied = fixes.filter((f) => !f.rules.some((r) => issueRules.has(r)));
  const tr = useT();
  return (
    <Section id="fixes" title={tr.t('section.fixes')}>
      <p>
        {tr.t('fixes.intro', { count: fixes.length })}{' '}
        <a class="download" download="citable-fixes.zip" href={`data:application/zip;base64,${archive}`}>
          {tr.t('fixes.download')}
        </a>
      </p>
      {untied.map((fix) => (
        <FixItem key={fix.id} fix={fix} />
      ))}
    </Section>
  );
}
