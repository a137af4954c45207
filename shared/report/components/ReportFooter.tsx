import type { SafeBranding } from '../branding.js';
import { dateTime } from '../format.js';

export function ReportFooter({ branding, generatedAt, reference }: { branding: SafeBranding; generatedAt: string; reference: string }) {
  return (
    <footer class="report-footer">
      <span>
        {preparedBy(branding)}
        {dateTime(generatedAt)}
      </span>
      <span class="mono">{reference}</span>
    </footer>
  );
}

/** "Prepared by North Agency with Citable · ", without Citable under white label (and nothing without a name). */
function preparedBy({ name, credit }: SafeBranding): string {
  if (!credit) return name ? `Prepared by ${name} · ` : '';
  return name ? `Prepared by ${name} with Citable · ` : 'Prepared with Citable · ';
}
