import { describe, expect, it } from 'vitest';
import { detectChallenge, protectionVendor } from '../../../shared/challenge/detect.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { resource } from '../../helpers/snapshot.js';

const URL_ = 'https://example.com/';
const page = (body: string, status = 403, headers: Record<string, string> = {}) =>
  resource(URL_, body, { status, headers: { 'content-type': 'text/html', ...headers } });

describe('detectChallenge: vendor signatures', () => {
  it.each([
    ['Cloudflare', page('<html><head><title>Just a moment...</title></head><body></body></html>')],
    ['Cloudflare', page('<script>window._cf_chl_opt={cvId:"3"}</script>')],
    ['Cloudflare', page('<title>Attention Required! | Cloudflare</title>')],
    ['Cloudflare', page('', 403, { 'cf-mitigated': 'challenge' })],
    [
      'Akamai',
      page(
        '<h1>Access Denied</h1>Reference&#32;&#35;18&#46;2f3c1502&#46;1700000000&#46;1a2b3c'.replace(/&#32;/g, ' ').replace(/&#46;/g, '.'),
      ),
    ],
    ['Akamai', page('<p>Reference #18.2f3c1502.1700000000.1a2b3c</p><a href="https://errors.edgesuite.net/18.2f3c1502">x</a>')],
    ['Imperva', page('<iframe>Request unsuccessful. Incapsula incident ID: 123000450123-456</iframe>', 200)],
    ['DataDome', page('<script src="https://ct.captcha-delivery.com/c.js"></script>')],
    ['PerimeterX', page('<div id="px-captcha"></div>')],
    ['Vercel', page('', 429, { 'x-vercel-mitigated': 'challenge' })],
    ['Vercel', page('<title>Vercel Security Checkpoint</title>', 429)],
    ['AWS WAF', page('', 202, { 'x-amzn-waf-action': 'challenge' })],
    ['Sucuri', page('<title>Sucuri WebSite Firewall - Access Denied</title>')],
  ])('recognises %s', (vendor, res) => {
    expect(detectChallenge(res)?.vendor).toBe(vendor);
  });
});

describe('detectChallenge: what is not a challenge', () => {
  it('a weak vendor marker on a normal 200 page', () => {
    const body =
      '<html><body><article>Hello</article><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>';
    expect(detectChallenge(page(body, 200))).toBeNull();
    expect(detectChallenge(page('<script src="https://js.datadome.co/tags.js"></script>', 200))).toBeNull();
  });

  it('a case-sensitive marker in another case (every marker is first looked for in any case)', () => {
    expect(detectChallenge(page('<script src="/_incapsula_resource?x=1"></script>', 403))).toBeNull();
    expect(detectChallenge(page('<script>WINDOW.GOKUPROPS = {}</script>', 405))).toBeNull();
    expect(detectChallenge(page('<script>window.gokuProps = {}</script>', 405))?.vendor).toBe('AWS WAF');
  });

  it('the same response asked twice gets the same answer (answers are kept by response)', () => {
    const res = page('<title>Just a moment...</title>');
    expect(detectChallenge(res)).toBe(detectChallenge(res));
    expect(detectChallenge(page('<p>fine</p>', 200))).toBeNull();
  });

  it('a weak marker becomes a challenge with a block status', () => {
    expect(detectChallenge(page('<script src="/_Incapsula_Resource?SWJIYLWA=1"></script>', 403))?.vendor).toBe('Imperva');
  });

  it('a long article that merely mentions a challenge string', () => {
    const body = `<html><body><p>${'Word '.repeat(20000)}</p><p>Our WAF page says "Incapsula incident ID".</p></body></html>`;
    expect(detectChallenge(page(body, 200))).toBeNull();
  });

  it('a Cloudflare-fronted page with only presence headers', () => {
    const res = page('<html><body>Hi</body></html>', 200, { server: 'cloudflare', 'cf-ray': '8a-AMS' });
    expect(detectChallenge(res)).toBeNull();
    expect(protectionVendor(res)).toBe('Cloudflare');
  });

  it('a plain 403 without any marker, and a failed fetch', () => {
    expect(detectChallenge(page('Forbidden', 403))).toBeNull();
    expect(detectChallenge(failedResource(URL_, 'refused', 'x'))).toBeNull();
    expect(detectChallenge(null)).toBeNull();
  });
});
