import type { SafeBranding } from '../branding.js';
import { dateTime } from '../format.js';

export function ReportFooter({ branding, generatedAt, reference }: { branding: SafeBranding; generatedAt: string; reference: string }) {
  return (
    <footer class="report-footer">
      <span>
        {branding.name ? `Prepared by ${branding.name} with Citable` : 'Prepared with Citable'} · {dateTime(generatedAt)}
      </span>
      <span class="mono">{reference}</span>
    </footer>
  );
}
