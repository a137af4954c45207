/** The account's report branding as the API shows it; an account that never set one has every member null. */
import { isReportLanguage } from '../../../shared/i18n/languages.js';
import type { Branding } from '../../../shared/schema/reports.js';
import type { StoredBranding } from '../../store/contracts/branding.js';

const NO_BRANDING: Branding = { name: null, accent: null, logo: null, contact: null, white_label: false, language: null, updated_at: null };

export function brandingToWire(stored: StoredBranding | null): Branding {
  if (!stored) return NO_BRANDING;
  const { name, accent, logo, updated_at } = stored;
  const language = isReportLanguage(stored.language) ? stored.language : null;
  return { name, accent, logo, contact: stored.contact ?? null, white_label: stored.white_label === true, language, updated_at };
}
