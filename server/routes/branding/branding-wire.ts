/** The account's report branding as the API shows it; an account that never set one has every member null. */
import type { Branding } from '../../../shared/schema/reports.js';
import type { StoredBranding } from '../../store/contracts/branding.js';

const NO_BRANDING: Branding = { name: null, accent: null, logo: null, updated_at: null };

export function brandingToWire(stored: StoredBranding | null): Branding {
  return stored ? { name: stored.name, accent: stored.accent, logo: stored.logo, updated_at: stored.updated_at } : NO_BRANDING;
}
