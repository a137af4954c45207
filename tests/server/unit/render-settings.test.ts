/** Which browser renders (docs/configuration.md#rendering): named, else the headless shell when installed, else Chromium. */
import { describe, expect, it } from 'vitest';
import { HEADLESS_SHELL_PATHS, readRenderSettings } from '../../../server/settings/render-settings.js';

const SHELL = HEADLESS_SHELL_PATHS[0]!;
const installed = (paths: string[]) => (p: string) => paths.includes(p);

describe('readRenderSettings: the browser', () => {
  it('RENDER_CHROMIUM_PATH wins over CHROMIUM_PATH and the headless shell', () => {
    const env = { RENDER_CHROMIUM_PATH: '/opt/render/chrome', CHROMIUM_PATH: '/opt/chromium' };
    expect(readRenderSettings(env, installed([SHELL])).chromiumPath).toBe('/opt/render/chrome');
  });

  it('a CHROMIUM_PATH that is set is used as named, installed or not (a missing one gives the 503)', () => {
    expect(readRenderSettings({ CHROMIUM_PATH: '/nonexistent/chromium' }, installed([SHELL])).chromiumPath).toBe('/nonexistent/chromium');
  });

  it('nothing named: the headless shell when installed, else /usr/bin/chromium', () => {
    expect(readRenderSettings({}, installed([SHELL])).chromiumPath).toBe(SHELL);
    expect(readRenderSettings({}, installed([HEADLESS_SHELL_PATHS[1]!])).chromiumPath).toBe(HEADLESS_SHELL_PATHS[1]);
    expect(readRenderSettings({ CHROMIUM_PATH: '  ' }, installed([])).chromiumPath).toBe('/usr/bin/chromium');
  });

  it('keeps the contract defaults of the bounds', () => {
    expect(readRenderSettings({}, installed([]))).toMatchObject({ concurrency: 2, timeoutMs: 15_000 });
  });
});
