import type { SafeBranding } from '../branding.js';

/** The agency's logo, name and contact, then what the report is about; on a share page, the PDF of it. */
export function ReportHeader({
  branding,
  kicker,
  title,
  subtitle,
  pdfHref = null,
}: {
  branding: SafeBranding;
  kicker: string;
  title: string;
  subtitle: string;
  pdfHref?: string | null;
}) {
  return (
    <header>
      {(branding.logo || branding.name) && (
        <div class="brand" data-testid="branding">
          {branding.logo && <img src={branding.logo} alt={branding.name ?? 'Logo'} />}
          {branding.name && <span class="brand-name">{branding.name}</span>}
        </div>
      )}
      <p class="kicker">{kicker}</p>
      <h1 class="url">{title}</h1>
      <p class="muted">{subtitle}</p>
      {(branding.contact || pdfHref) && (
        <p class="report-links">
          {branding.contact && (
            <span data-testid="agency-contact">
              Questions about this report? <a href={branding.contact.href}>{branding.contact.text}</a>
            </span>
          )}
          {pdfHref && (
            <a class="download" href={pdfHref} data-action="download-pdf">
              Download PDF
            </a>
          )}
        </p>
      )}
    </header>
  );
}
