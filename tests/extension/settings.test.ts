import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyTag, loadSettings, normalizeBackendUrl, saveSettings } from '../../extension/lib/settings.js';

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
  ])('normalizes %j', (input, out) => expect(normalizeBackendUrl(input)).toBe(out));
  it('tags keys without revealing them', () => {
    expect(keyTag('cit_a')).not.toBe(keyTag('cit_b'));
    expect(keyTag('cit_a')).not.toContain('cit_a');
  });
});
