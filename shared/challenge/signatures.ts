/**
 * Bot-challenge and WAF block-page signatures (docs/research/peers.md#challenge-pages: afdocs'
 * fetch-ledger patterns, `cf-mitigated`, `x-vercel-mitigated`), plus AWS WAF and Sucuri, whose
 * block pages are common in front of small sites.
 * - `strong`: only a challenge or block page carries it.
 * - `weak`: a vendor script that also loads on normal pages; a challenge only with a block status.
 * - `presence`: the vendor fronts the site; names the vendor, never proves a challenge.
 */
export type ChallengeVendor = 'Cloudflare' | 'Akamai' | 'Imperva' | 'DataDome' | 'PerimeterX' | 'Vercel' | 'AWS WAF' | 'Sucuri';

export type SignatureStrength = 'strong' | 'weak' | 'presence';

export type ChallengeSignature =
  | { vendor: ChallengeVendor; strength: SignatureStrength; label: string; header: string; value: RegExp }
  | { vendor: ChallengeVendor; strength: SignatureStrength; label: string; body: RegExp };

export const CHALLENGE_SIGNATURES: readonly ChallengeSignature[] = [
  // Cloudflare
  { vendor: 'Cloudflare', strength: 'strong', label: 'cf-mitigated: challenge', header: 'cf-mitigated', value: /^\s*challenge\b/i },
  {
    vendor: 'Cloudflare',
    strength: 'strong',
    label: 'Cloudflare challenge script',
    body: /cf-browser-verification|_cf_chl_opt|cf_chl_prog|cf-challenge-running/,
  },
  {
    vendor: 'Cloudflare',
    strength: 'strong',
    label: '"Just a moment..." interstitial',
    body: /<title>\s*Just a moment(?:\.{3}|&hellip;|…)?\s*<\/title>/i,
  },
  {
    vendor: 'Cloudflare',
    strength: 'strong',
    label: '"Attention Required! | Cloudflare" page',
    body: /Attention Required! \| Cloudflare/i,
  },
  { vendor: 'Cloudflare', strength: 'strong', label: 'Cloudflare access-denied page', body: /used Cloudflare to restrict access/i },
  {
    vendor: 'Cloudflare',
    strength: 'weak',
    label: 'Cloudflare challenge platform script',
    body: /\/cdn-cgi\/challenge-platform\/|challenges\.cloudflare\.com/,
  },
  { vendor: 'Cloudflare', strength: 'presence', label: 'Cloudflare', header: 'cf-ray', value: /./ },
  { vendor: 'Cloudflare', strength: 'presence', label: 'Cloudflare', header: 'server', value: /^cloudflare/i },
  // Vercel
  { vendor: 'Vercel', strength: 'strong', label: 'x-vercel-mitigated', header: 'x-vercel-mitigated', value: /^\s*(challenge|deny)\b/i },
  { vendor: 'Vercel', strength: 'strong', label: 'Vercel Security Checkpoint', body: /Vercel Security Checkpoint/i },
  { vendor: 'Vercel', strength: 'presence', label: 'Vercel', header: 'x-vercel-id', value: /./ },
  // Akamai
  {
    vendor: 'Akamai',
    strength: 'strong',
    label: 'Akamai "Reference #" block page',
    body: /Reference\s*(?:#|&#35;|&#x23;)\s*\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i,
  },
  { vendor: 'Akamai', strength: 'strong', label: 'Akamai error page link', body: /errors\.edgesuite\.net/i },
  { vendor: 'Akamai', strength: 'strong', label: 'Akamai Bot Manager challenge', body: /sec-if-cpt-container|\/_sec\/cp_challenge\//i },
  { vendor: 'Akamai', strength: 'presence', label: 'Akamai', header: 'server', value: /^AkamaiGHost/i },
  // Imperva (Incapsula)
  { vendor: 'Imperva', strength: 'strong', label: 'Incapsula incident page', body: /Incapsula incident ID/i },
  { vendor: 'Imperva', strength: 'weak', label: 'Incapsula resource script', body: /_Incapsula_Resource/ },
  { vendor: 'Imperva', strength: 'presence', label: 'Imperva', header: 'x-iinfo', value: /./ },
  // DataDome
  { vendor: 'DataDome', strength: 'strong', label: 'DataDome captcha', body: /captcha-delivery\.com/i },
  { vendor: 'DataDome', strength: 'weak', label: 'DataDome tag', body: /js\.datadome\.co/i },
  { vendor: 'DataDome', strength: 'presence', label: 'DataDome', header: 'x-datadome', value: /./ },
  // PerimeterX (HUMAN)
  { vendor: 'PerimeterX', strength: 'strong', label: 'PerimeterX captcha', body: /px-captcha|captcha\.px-cdn\.net/i },
  { vendor: 'PerimeterX', strength: 'weak', label: 'PerimeterX sensor', body: /_pxAppId|client\.px-cdn\.net|px-cloud\.net/ },
  // AWS WAF
  { vendor: 'AWS WAF', strength: 'strong', label: 'x-amzn-waf-action', header: 'x-amzn-waf-action', value: /^\s*(challenge|captcha)\b/i },
  { vendor: 'AWS WAF', strength: 'strong', label: 'AWS WAF challenge page', body: /window\.gokuProps/ },
  { vendor: 'AWS WAF', strength: 'weak', label: 'AWS WAF integration', body: /AwsWafIntegration|token\.awswaf\.com/ },
  // Sucuri
  { vendor: 'Sucuri', strength: 'strong', label: 'Sucuri firewall block page', body: /Sucuri WebSite Firewall - Access Denied/i },
  { vendor: 'Sucuri', strength: 'presence', label: 'Sucuri', header: 'x-sucuri-id', value: /./ },
];
