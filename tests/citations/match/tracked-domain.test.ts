import { describe, expect, it } from 'vitest';
import { normalizeTrackedDomain } from '../../../server/citations/match/tracked-domain.js';

describe('tracked domains', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  ACME.com. ', 'acme.com'],
    ['www.acme.com', 'acme.com'],
    ['docs.acme.com', 'docs.acme.com'],
    ['acme.github.io', 'acme.github.io'],
    ['acme.co.uk', 'acme.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
  ])('%s is tracked as %s', (input, domain) => {
    expect(normalizeTrackedDomain(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ['github.io', /public suffix/],
    ['co.uk', /public suffix/],
    ['com', /public suffix/],
    ['localhost', /registrable host/],
    ['https://acme.com/', /without scheme, path/],
    ['acme.com/blog', /without scheme, path/],
    ['acme.com:8080', /without scheme, path/],
    ['192.168.1.1', /not an IP address/],
    ['', /required/],
    ['acme..com', /not a valid host/],
    [`${'a'.repeat(64)}.com`, /not a valid host/],
  ])('%j is refused', (input, message) => {
    const result = normalizeTrackedDomain(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses what is not a string', () => {
    expect(normalizeTrackedDomain(42).ok).toBe(false);
    expect(normalizeTrackedDomain(null).ok).toBe(false);
  });
});
