import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

/**
 * The end-to-end build (CITABLE_E2E=1) adds host access to loopback: Playwright opens the popup
 * without a user gesture, which grants no activeTab (docs/research/extension-testing.md#the-active-tab).
 * The store build keeps the minimal permission set.
 */
const e2e = process.env.CITABLE_E2E === '1';
/**
 * The toolbar tooltip, translated (extension/public/_locales). WXT would take the popup page's <title> instead; the
 * hook below keeps this one.
 */
export const ACTION_TITLE = '__MSG_actionTitle__';
/** PNGs rendered from extension/icons/*.svg (npx tsx extension/icons/render-icons.ts), in extension/public/icon/. */
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };
const loopback = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  outDir: e2e ? '.output/e2e' : '.output',
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  // The sources zip (Firefox review) needs what builds the extension: the engine, extension/ and configs.
  zip: { excludeSources: ['dist/**', 'data/**', 'server/**', 'tests/**', 'bench/**', 'test-results/**', 'coverage/**', 'docs/**'] },
  hooks: {
    'build:manifestGenerated': (_wxt, manifest) => {
      const action = manifest.manifest_version === 2 ? manifest.browser_action : manifest.action;
      if (action) Object.assign(action, { default_title: ACTION_TITLE, default_icon: ICONS });
    },
  },
  manifest: ({ manifestVersion, browser }) => ({
    // Text in extension/public/_locales/<lang>/messages.json (docs/extension.md#translating).
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // alarms: the MV3 service worker dies between retries; only an alarm can wake it to resend the sync queue.
    // declarativeNetRequestWithHostAccess: the agent probes set each agent's User-Agent on the extension's own
    // requests, only where host access was granted (no install-time warning; extension/lib/probe/agent-probes.ts).
    permissions: [
      'activeTab',
      'scripting',
      'storage',
      'alarms',
      'declarativeNetRequestWithHostAccess',
      ...(manifestVersion === 2 && e2e ? loopback : []),
    ],
    ...(manifestVersion === 3 && e2e ? { host_permissions: loopback } : {}),
    // Requested at run time from the options page only: the deep probe (<all_urls>) and the backend origin.
    ...(manifestVersion === 3 ? { optional_host_permissions: ['<all_urls>'] } : { optional_permissions: ['<all_urls>'] }),
    icons: ICONS,
    action: { default_title: ACTION_TITLE, default_icon: ICONS },
    // Firefox 128: scripting.executeScript with world MAIN.
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'extension@citable.dev', strict_min_version: '128.0' } } }
      : {}),
  }),
});
