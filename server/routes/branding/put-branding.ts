/**
 * PUT /branding `{name, accent, logo, contact, white_label, language}`: replaces the account's report branding as a whole (a member left
 * out is cleared); the logo is checked and, for an SVG, sanitised (server/reports/branding/logo.ts)
 * before it is stored.
 */
import { putBrandingRequestSchema } from '../../../shared/schema/reports.js';
import { HttpError } from '../../http/http-error.js';
import type { StoredBranding } from '../../store/contracts/branding.js';
import { parseBody } from '../parse-body.js';
import { route } from '../route.js';
import { brandingToWire } from './branding-wire.js';

/** A 200 KB logo in base64 with the rest of the body. */
export const BRANDING_BODY_LIMIT = 300 * 1024;

export const putBranding = route({
  method: 'PUT',
  path: '/branding',
  body: { limit: BRANDING_BODY_LIMIT },
  async handle(ctx, deps) {
    const input = parseBody(putBrandingRequestSchema, ctx.state.body);
    const branding: StoredBranding = {
      account_id: ctx.state.account.id,
      name: input.name ?? null,
      accent: input.accent ? input.accent.toLowerCase() : null,
      logo: input.logo ? await checkedLogo(input.logo) : null,
      contact: input.contact ?? null,
      white_label: input.white_label ?? false,
      language: input.language ?? null,
      updated_at: deps.now().toISOString(),
    };
    await (await deps.store.branding()).putBranding(branding);
    ctx.body = { branding: brandingToWire(branding) };
  },
});

/** The logo as it is stored, or the 400, 422 or 503 that says what is wrong with it. */
async function checkedLogo(logo: string): Promise<string> {
  // Loaded on first use; an SVG is sanitised on the logo thread (jsdom loads there, never on this thread).
  const { normalizeLogo, LogoError } = await import('../../reports/branding/logo.js');
  try {
    return await normalizeLogo(logo);
  } catch (error) {
    if (error instanceof LogoError) throw new HttpError(error.status, error.message, error.headers);
    throw error;
  }
}
