/**
 * Is this a URL webhooks may be sent to? The audit fetcher's SSRF guard (server/net/) decides, at
 * creation and again at every delivery: http(s) only, no credentials, no port browsers refuse, no
 * special-use name (`*.localhost`, `*.internal`, ...), and every address the name resolves to public
 * (not private, loopback, link-local or reserved). AUDIT_ALLOW_PRIVATE=1 lifts the address rules (tests).
 */
import net from 'node:net';
import type { AddressGuard } from '../net/address-guard.js';
import { checkRequestTarget } from '../net/request-target.js';

/** `refused`: a valid URL the guard refuses (a private address, a special-use name, no DNS answer): the API's 422; `invalid`: its 400. */
export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; problem: 'invalid' | 'refused'; message: string };

/** The checks that need no DNS: a parseable http(s) URL the guard does not refuse by its literal host. */
export function checkWebhookUrlShape(raw: string, guard: AddressGuard): WebhookUrlCheck {
  const target = checkRequestTarget(raw.trim());
  if (!target.ok) {
    const problem = target.error.code === 'blocked_address' ? 'refused' : 'invalid';
    return { ok: false, problem, message: `Webhook URL ${problem === 'refused' ? 'refused' : 'invalid'}: ${target.error.message}` };
  }
  const { url, port } = target;
  if (url.hash) return { ok: false, problem: 'invalid', message: 'Webhook URL invalid: it must not contain a #fragment' };
  const literal = guard.literalBlockReason(url.hostname, port);
  if (literal)
    return {
      ok: false,
      problem: 'refused',
      message: `Webhook URL refused: ${url.hostname} is a ${literal} address; webhooks are sent only to public addresses`,
    };
  const special = guard.specialUseBlock(url.hostname);
  if (special) return { ok: false, problem: 'refused', message: `Webhook URL refused: ${special}` };
  return { ok: true, url: url.href };
}

/** The full check at creation: the shape, then every address the host resolves to. */
export async function checkWebhookUrl(raw: string, guard: AddressGuard): Promise<WebhookUrlCheck> {
  const shape = checkWebhookUrlShape(raw, guard);
  if (!shape.ok) return shape;
  const url = new URL(shape.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return shape;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const problem = await new Promise<string | null>((resolve) => {
    guard.lookupFor(port)(host, { all: true }, (error) => {
      if (!error) return resolve(null);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_BLOCKED_ADDRESS' || code === 'ERR_SPECIAL_USE_NAME')
        return resolve(`${error.message}; webhooks are sent only to public addresses`);
      resolve(`${host} does not resolve (${code ?? error.message})`);
    });
  });
  return problem ? { ok: false, problem: 'refused', message: `Webhook URL refused: ${problem}` } : shape;
}
