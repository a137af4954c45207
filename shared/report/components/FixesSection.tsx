/**
 * The report's fixes section (docs/fixes.md): one link that downloads every fix as a ZIP archive from a `data:`
 * URL, so the report stays one file that loads nothing and runs no script, and the fixes no issue names.
 */
import { fixFiles } from '../../fixes/archive.js';
import type { Fix } from '../../fixes/types.js';
import { toBase64, zipStore } from '../../fixes/zip.js';
import { plural } from '../format.js';
import { FixItem } from './FixItem.js';
import { Section } from './Section.js';

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
