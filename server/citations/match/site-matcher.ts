/**
 * "Is this citation the tracked site?": the host equals the tracked domain or one of its aliases, or is
 * a subdomain of one (the same semantics as OpenAI's allowed_domains). Tracked domains are never public
 * suffixes (tracked-domain.ts refuses them), so acme.github.io cannot match evil.github.io.
 */
import { cleanUrl } from './clean-url.js';

export interface TrackedSite {
  domain: string;
  aliases?: readonly string[];
}

export function hostMatchesSite(host: string, site: TrackedSite): boolean {
  const h = host.toLowerCase().replace(/\.+$/, '');
  return [site.domain, ...(site.aliases ?? [])].some((target) => {
    const t = target.toLowerCase().replace(/\.+$/, '');
    return h === t || h.endsWith(`.${t}`);
  });
}

export function urlMatchesSite(url: string, site: TrackedSite): boolean {
  const clean = cleanUrl(url);
  return clean !== null && hostMatchesSite(clean.host, site);
}
