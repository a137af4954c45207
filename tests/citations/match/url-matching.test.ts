import { describe, expect, it } from 'vitest';
import { cleanUrl } from '../../../server/citations/match/clean-url.js';
import { hostMatchesSite, urlMatchesSite } from '../../../server/citations/match/site-matcher.js';
import { decodeTranslateLabel, unwrap } from '../../../server/citations/match/unwrap.js';

describe('URL matching (docs/research/answer-engines.md#url-matching)', () => {
  it.each([
    // [citation URL, tracked domain, matches]
    ['https://acme.com/pricing', 'acme.com', true],
    ['https://www.acme.com/pricing', 'acme.com', true],
    ['https://m.acme.com/pricing', 'acme.com', true],
    ['https://amp.acme.com/pricing', 'acme.com', true],
    ['https://docs.eu.acme.com/', 'acme.com', true],
    ['http://acme.com/', 'acme.com', true],
    ['https://ACME.COM./x', 'acme.com', true],
    ['https://acme.com:8443/x', 'acme.com', true],
    ['https://notacme.com/', 'acme.com', false],
    ['https://acme.com.evil.net/', 'acme.com', false],
    ['https://acme.co/', 'acme.com', false],
    // Public Suffix List trap: github.io is shared by unrelated sites.
    ['https://acme.github.io/docs', 'acme.github.io', true],
    ['https://evil.github.io/acme.github.io', 'acme.github.io', false],
    ['https://acme.co.uk/', 'acme.co.uk', true],
    ['https://other.co.uk/', 'acme.co.uk', false],
    // Tracking parameters and text fragments change nothing.
    ['https://acme.com/blog?utm_source=openai', 'acme.com', true],
    ['https://acme.com/blog#:~:text=project%20management', 'acme.com', true],
    // Wrappers.
    ['https://acme-com.cdn.ampproject.org/c/s/acme.com/article', 'acme.com', true],
    ['https://evil-com.cdn.ampproject.org/c/s/evil.com/acme.com', 'acme.com', false],
    ['https://www.google.com/url?q=https://www.acme.com/x&sa=U', 'acme.com', true],
    ['https://www.google.co.uk/url?url=https%3A%2F%2Facme.com%2Fy', 'acme.com', true],
    ['https://www.google.com/amp/s/acme.com/story', 'acme.com', true],
    ['https://acme-com.translate.goog/page?_x_tr_sl=en&_x_tr_tl=de', 'acme.com', true],
    ['https://my--shop-acme-com.translate.goog/', 'my-shop.acme.com', true],
    // IDN: both spellings are one host.
    ['https://bücher.de/katalog', 'xn--bcher-kva.de', true],
    ['https://xn--bcher-kva.de/katalog', 'xn--bcher-kva.de', true],
    // Not web addresses.
    ['mailto:team@acme.com', 'acme.com', false],
    ['not a url', 'acme.com', false],
  ])('%s vs %s → %s', (url, domain, expected) => {
    expect(urlMatchesSite(url, { domain })).toBe(expected);
  });

  it('aliases count as the same site', () => {
    expect(urlMatchesSite('https://acme.de/preise', { domain: 'acme.com', aliases: ['acme.de'] })).toBe(true);
    expect(urlMatchesSite('https://acme.fr/', { domain: 'acme.com', aliases: ['acme.de'] })).toBe(false);
    expect(hostMatchesSite('shop.acme.de', { domain: 'acme.com', aliases: ['acme.de'] })).toBe(true);
  });

  it('cleans what it reports: unwrapped, no tracking parameters or fragment, other parameters kept as written', () => {
    expect(cleanUrl('https://www.google.com/url?q=https://acme.com/a%20b?id=7%26x&sa=U')?.href).toBe('https://acme.com/a%20b?id=7&x');
    expect(cleanUrl('https://acme.com/p?utm_source=openai&q=a%20b&gclid=1#:~:text=x')?.href).toBe('https://acme.com/p?q=a%20b');
    expect(cleanUrl('https://ACME.com./x?utm_medium=ai')?.href).toBe('https://acme.com/x');
    expect(cleanUrl('https://user:pw@acme.com/')?.href).toBe('https://acme.com/');
  });

  it('gives http and https, with or without www., one identity', () => {
    expect(cleanUrl('http://www.acme.com/x?utm_source=a')?.key).toBe(cleanUrl('https://acme.com/x#top')?.key);
    expect(cleanUrl('https://acme.com/x')?.key).not.toBe(cleanUrl('https://acme.com/y')?.key);
  });

  it('unwraps nested wrappers and leaves other links alone', () => {
    const inner = 'https://acme-com.cdn.ampproject.org/c/s/acme.com/a';
    expect(unwrap(`https://www.google.com/url?q=${encodeURIComponent(inner)}`)).toBe('https://acme.com/a');
    expect(unwrap('http://example.cdn.ampproject.org/c/example.com/plain')).toBe('http://example.com/plain');
    expect(unwrap('https://webcache.googleusercontent.com/search?q=cache:acme.com/cached')).toBe('https://acme.com/cached');
    expect(unwrap(`https://www.bing.com/ck/a?!&&p=abc&u=a1${Buffer.from('https://acme.com/b').toString('base64url')}`)).toBe(
      'https://acme.com/b',
    );
    expect(unwrap('https://www.google.com/search?q=acme')).toBe('https://www.google.com/search?q=acme');
    expect(unwrap('https://google.evil.com/url?q=https://acme.com')).toBe('https://google.evil.com/url?q=https://acme.com');
  });

  it('decodes translate.goog host labels (- is a dot, -- a hyphen)', () => {
    expect(decodeTranslateLabel('www-acme-com')).toBe('www.acme.com');
    expect(decodeTranslateLabel('my--shop-co-uk')).toBe('my-shop.co.uk');
  });
});
