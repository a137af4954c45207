import type { SafeBranding } from '../branding.js';
import type { Translator } from '../../i18n/translator.js';
import { useT } from '../i18n-context.js';

export function ReportFooter({ branding, generatedAt, reference }: { branding: SafeBranding; generatedAt: string; reference: string }) {
  const tr = useT();
  const by = preparedBy(tr, branding);
  return (
    <footer class="report-footer">
      <span>
        {by ? `${by} · ` : ''}
        {tr.dateTime(generatedAt)}
      </span>
      <span class="mono">{reference}</span>
    </footer>
  );
}

/** "Prepared by North Agency with Citable", without Citable under white label (and nothing without a name). */
function preparedBy(tr: Translator, { name, credit }: SafeBranding): string {
  if (!credit) return name ? tr.t('footer.preparedBy', { name }) : '';
  return name ? tr.t('footer.preparedByWithCitable', { name }) : tr.t('footer.preparedWithCitable');
}
