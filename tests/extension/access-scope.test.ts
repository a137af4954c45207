import { describe, expect, it } from 'vitest';
import { accessScopeFor } from '../../extension/lib/access/access-scope.js';
import { describeScope } from '../../extension/lib/access/describe-scope.js';

describe('accessScopeFor (what to ask for when the browser refused a site file)', () => {
  it('asks for the other origin itself, without a port (Firefox rejects patterns with one)', () => {
    expect(accessScopeFor('https://cdn.example.net:8443/sitemap.xml', 'https://shop.example')).toEqual(['https://cdn.example.net/*']);
  });
  it('asks for the whole site when a file on the tab origin redirected somewhere unnamed', () => {
    expect(accessScopeFor('https://www.brewnotes.co.uk/robots.txt', 'https://www.brewnotes.co.uk')).toEqual([
      '*://brewnotes.co.uk/*',
      '*://*.brewnotes.co.uk/*',
    ]);
  });
  it('asks for both loopback names together', () => {
    expect(accessScopeFor('http://127.0.0.1:4000/robots.txt', 'http://127.0.0.1:4000')).toEqual([
      'http://127.0.0.1/*',
      'https://127.0.0.1/*',
      'http://localhost/*',
      'https://localhost/*',
    ]);
  });
  it('names the hosts once each for the button', () => {
    expect(describeScope(['*://shop.example/*', '*://*.shop.example/*', 'https://cdn.example.net/*'])).toBe(
      'shop.example, cdn.example.net',
    );
  });
});
