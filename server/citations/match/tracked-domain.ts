/**
 * Validates and normalises the domain a prompt tracks: a host name (lower case, punycode, no trailing
 * dot, no leading `www.`) that has a registrable domain under the Public Suffix List. A public suffix
 * itself (co.uk, github.io) is refused: suffix matching would then accept every site under it.
 */
import { parse } from 'tldts';

export type TrackedDomainResult = { ok: true; domain: string } | { ok: false; message: string };

export function normalizeTrackedDomain(input: unknown, field = 'domain'): TrackedDomainResult {
  if (typeof input !== 'string' || !input.trim()) return { ok: false, message: `${field} is required: a host name such as example.com` };
  const raw = input.trim();
  if (/[/:?#@\s\\]/.test(raw)) {
    return { ok: false, message: `${field} must be a host name such as example.com, without scheme, path, port or spaces` };
  }
  let host: string;
  try {
    host = new URL(`http://${raw}`).hostname;
  } catch {
    return { ok: false, message: `${field} is not a valid host name: ${JSON.stringify(raw.slice(0, 100))}` };
  }
  host = host.replace(/\.$/, '');
  if (host.length > 253 || host.split('.').some((label) => label.length === 0 || label.length > 63)) {
    return { ok: false, message: `${field} is not a valid host name: ${JSON.stringify(raw.slice(0, 100))}` };
  }
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp) return { ok: false, message: `${field} must be a host name, not an IP address` };
  if (!parsed.domain) {
    if (parsed.isIcann || parsed.isPrivate) {
      return {
        ok: false,
        message: `${field} "${host}" is a public suffix shared by unrelated sites; track a site under it instead (for example acme.${host})`,
      };
    }
    return { ok: false, message: `${field} must be a registrable host such as example.com, got "${host}"` };
  }
  // www.acme.com and acme.com are one site; keep the shorter form unless it would be a public suffix.
  if (host.startsWith('www.') && parse(host.slice(4), { allowPrivateDomains: true }).domain) host = host.slice(4);
  return { ok: true, domain: host };
}
