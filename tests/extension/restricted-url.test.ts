import { describe, expect, it } from 'vitest';
import { auditability } from '../../extension/lib/restricted-url.js';

describe('auditability', () => {
  it.each([
    'chrome://settings',
    'edge://extensions',
    'about:blank',
    'chrome-extension://abcdefghijklmnop/popup.html',
    'moz-extension://1234/popup.html',
    'view-source:https://example.com/',
    'file:///home/me/page.html',
    'https://chromewebstore.google.com/detail/x/abc',
    'https://chrome.google.com/webstore/detail/abc',
    'https://addons.mozilla.org/en-US/firefox/addon/x/',
    'https://microsoftedge.microsoft.com/addons/detail/x',
  ])('refuses %s with a reason', (url) => {
    const verdict = auditability(url);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason.length).toBeGreaterThan(20);
  });

  it('names local files as such', () => {
    const v = auditability('file:///tmp/x.html');
    expect(!v.ok && v.reason).toMatch(/file:/);
  });

  it.each(['https://example.com/', 'http://127.0.0.1:8080/x', 'https://chrome.google.com/search'])('accepts %s', (url) => {
    expect(auditability(url)).toEqual({ ok: true });
  });

  it('refuses a tab without a URL', () => {
    expect(auditability(undefined).ok).toBe(false);
  });
});
