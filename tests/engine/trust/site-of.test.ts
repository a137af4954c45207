import { describe, expect, it } from 'vitest';
import { siteOf } from '../../../shared/url/site.js';

describe('siteOf', () => {
  it('treats registrable domains as sites', () => {
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOf('alice.github.io')).not.toBe(siteOf('bob.github.io'));
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
  });
});
