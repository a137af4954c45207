import type { SafeBranding } from '../branding.js';
import { useT } from '../i18n-context.js';

/** The agency's logo, name and contact, then what the report is about; on a share page, the PDF of it. */
export function ReportHeader({
  branding,
  kicker,
  title,
  subtitle,
  pdfHref = null,
  unsupportedLang = null,
}: {
  branding: SafeBranding;
  kicker: string;
  title: string;
  subtitle: string;
  pdfHref?: string | null;
  /** A `?lang=` the reports do not speak: said once under the title (a share page falls back rather than fail). */
  unsupportedLang?: string | null;
}) {
  const tr = useT();
  return (
    <header>
      {(branding.logo || branding.name) && (
        <div class="brand" data-testid="branding">
          {branding.logo && <img src={branding.logo} alt={branding.name ?? tr.t('header.logoAlt')} />}
          {branding.name && <span class="brand-name">{branding.name}</span>}
        </div>
      )}
      <p class="kicker">{kicker}</p>
      <h1 class="url">{title}</h1>
      <p class="muted">{subtitle}</p>
      {unsupportedLang && (
        <p class="muted small" data-testid="lang-fallback">
          {tr.t('header.langFallback', { lang: unsupportedLang.slice(0, 35) })}
        </p>
      )}
      {(branding.contact || pdfHref) && (
        <p class="report-links">
          {branding.contact && (
            <span data-testid="agency-contact">
              {tr.t('header.questions')} <a href={branding.contact.href}>{branding.contact.text}</a>
            </span>
          )}
          {pdfHref && (
            <a class="download" href={pdfHref} data-action="download-pdf">
              {tr.t('header.downloadPdf')}
            </a>
          )}
        </p>
      )}
    </header>
  );
}
