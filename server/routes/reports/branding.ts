/**
 * GET /branding and PUT /branding `{name, accent, logo}` (contract section 11): the account's report branding.
 * PUT replaces it as a whole (a member left out is cleared); the logo is checked and, for an SVG, sanitised
 * (server/reports/branding/logo.ts) before it is stored.
 */
import { putBrandingRequestSchema, type Branding } from '../../../shared/schema/reports.js';
import { HttpError } from '../../http/http-error.js';
import { jsonBody } from '../../middleware/json-body.js';
import type { StoredBranding } from '../../store/branding-store.js';
import { authed } from '../authed.js';
import type { RouteModule } from '../route-module.js';
import { parseBody } from '../parse-body.js';

/** A 200 KB logo in base64 with the rest of the body. */
export const BRANDING_BODY_LIMIT = 300 * 1024;

const NO_BRANDING: Branding = { name: null, accent: null, logo: null, updated_at: null };

function toWire(stored: StoredBranding | null): Branding {
  return stored ? { name: stored.name, accent: stored.accent, logo: stored.logo, updated_at: stored.updated_at } : NO_BRANDING;
}

export const getBrandingRoute: RouteModule = {
  name: 'GET /branding',
  register(router, deps) {
    router.get(
      '/branding',
      ...deps.guard,
      authed(async (ctx) => {
        ctx.body = { branding: toWire(await (await deps.store.branding()).getBranding(ctx.state.account.id)) };
      }),
    );
  },
};

export const putBrandingRoute: RouteModule = {
  name: 'PUT /branding',
  register(router, deps) {
    router.put(
      '/branding',
      ...deps.guard,
      jsonBody(BRANDING_BODY_LIMIT),
      authed(async (ctx) => {
        const input = parseBody(putBrandingRequestSchema, ctx.state.body);
        let logo: string | null = null;
        if (input.logo) {
          // Loaded on first use; an SVG is sanitised on the logo thread (jsdom loads there, never on this thread).
          const { normalizeLogo, LogoError } = await import('../../reports/branding/logo.js');
          try {
            logo = await normalizeLogo(input.logo);
          } catch (error) {
            if (error instanceof LogoError) throw new HttpError(error.status, error.message, error.headers);
            throw error;
          }
        }
        const branding: StoredBranding = {
          account_id: ctx.state.account.id,
          name: input.name ?? null,
          accent: input.accent ? input.accent.toLowerCase() : null,
          logo,
          updated_at: deps.now().toISOString(),
        };
        await (await deps.store.branding()).putBranding(branding);
        ctx.body = { branding: toWire(branding) };
      }),
    );
  },
};
