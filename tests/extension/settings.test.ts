import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backendUrlProblem, keyTag, loadSettings, normalizeBackendUrl, saveSettings } from '../../extension/lib/settings.js';

beforeEach(() => fakeBrowser.reset());

describe('settings', () => {
  it('are kept in storage.local only, never storage.sync', async () => {
    await saveSettings({ backendUrl: 'https://api.example/', apiKey: ' cit_x ' });
    expect(await loadSettings()).toEqual({ backendUrl: 'https://api.example', apiKey: 'cit_x' });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
  it.each([
    ['api.example:8787', 'https://api.example:8787'],
    ['http://127.0.0.1:8787/api/v1/', 'http://127.0.0.1:8787'],
    ['  ', ''],
    // A local server typed without a scheme is plain http.
    ['127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['localhost:8787/', 'http://localhost:8787'],
    ['[::1]:8787', 'http://[::1]:8787'],
    ['192.168.1.20:8787', 'http://192.168.1.20:8787'],
    ['citable.example.com', 'https://citable.example.com'],
  ])('normalizes %j', (input, out) => expect(normalizeBackendUrl(input)).toBe(out));
  it('names what is wrong with an address it cannot use', () => {
    expect(backendUrlProblem(normalizeBackendUrl('127.0.0.1:8787'))).toBeNull();
    expect(backendUrlProblem(normalizeBackendUrl('http://exa mple.com'))).toMatch(/not a web address/);
    expect(backendUrlProblem('ftp://files.example')).toMatch(/http or https/);
    expect(backendUrlProblem('https://user:pw@api.example')).toMatch(/user name and password/);
  });
  it('tags keys without revealing them', () => {
    expect(keyTag('cit_a')).not.toBe(keyTag('cit_b'));
    expect(keyTag('cit_a')).not.toContain('cit_a');
  });
});
