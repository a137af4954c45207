/**
 * Agent discovery files, only where the site already has what they describe. Today that is the API catalog
 * (RFC 9727, a linkset of RFC 9264 at /.well-known/api-catalog): offered when the page points at an API
 * description (`rel="service-desc"`, `service-doc`, `describedby`, or an OpenAPI or Swagger file) and the site
 * publishes no valid catalog. A site with no API gets none: a content site needs no agent files.
 */
import type { FixBody, GenerateContext } from './context.js';

export function apiCatalog(ctx: GenerateContext): FixBody | null {
  const page = ctx.inputs.page;
  if (!page?.apiLinks.length) return null;
  if (ctx.agentFiles.some((f) => f.kind === 'api_catalog' && f.status === 'found')) return null;
  const origin = new URL(page.url).origin;
  const byRel = new Map<string, Array<{ href: string }>>();
  for (const link of page.apiLinks) {
    const rel = link.text === 'service-doc' ? 'service-doc' : link.text === 'describedby' ? 'describedby' : 'service-desc';
    byRel.set(rel, [...(byRel.get(rel) ?? []), { href: link.url }]);
  }
  const linkset = { linkset: [{ anchor: `${origin}/`, ...Object.fromEntries(byRel) }] };
  return {
    title: 'API catalog',
    media_type: 'application/linkset+json',
    content: `${JSON.stringify(linkset, null, 2)}\n`,
    explanation:
      `The page links an API description (${page.apiLinks.map((l) => l.url).join(', ')}); an API catalog at /.well-known/api-catalog (RFC 9727) ` +
      'lets agents find it without reading pages. Serve it as application/linkset+json, and set the anchor to the API itself if it lives elsewhere.',
    preview: null,
  };
}
