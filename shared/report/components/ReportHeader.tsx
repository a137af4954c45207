import type { SafeBranding } from '../branding.js';

/** The agency's logo and name, then what the report is about. */
export function ReportHeader({
  branding,
  kicker,
  title,
  subtitle,
}: {
  branding: SafeBranding;
  kicker: string;
  title: string;
  subtitle: string;
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
    </header>
  );
}
