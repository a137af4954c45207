import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import preact from '@preact/preset-vite';

const SENTINEL = 'tests/helpers/network-sentinel-setup.ts';
/** Globs `npm test` (scripts/test.mjs) leaves out of one stream to run them in the other, comma-separated. */
const STREAM_EXCLUDE = process.env.CITABLE_TEST_EXCLUDE?.split(',').filter(Boolean) ?? [];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/extension/**', 'tests/e2e/**', 'tests/scale/**', 'tests/stress/**', 'node_modules/**', ...STREAM_EXCLUDE],
          environment: 'node',
          // The network sentinel: no test connects or resolves off loopback (tests/helpers/network-sentinel.ts).
          setupFiles: [SENTINEL],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Extension units: WXT's plugin aliases wxt/browser to its fake browser.
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'extension',
          include: ['tests/extension/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // English text for t() where the fake browser has no i18n API (extension/lib/i18n/t.ts).
          setupFiles: ['tests/extension/setup-i18n.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Reliability and security under load, faults and bad input (tests/stress/README.md). `npm test` runs it
        // in its short form; `npm run test:stress` sets STRESS_MODE=full (20 crash cycles, 5,000 fuzzed requests, ...).
        test: {
          name: 'stress',
          include: ['tests/stress/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/stress/global-setup.ts'],
          setupFiles: [SENTINEL],
          // One file at a time: each measures a server under its own load.
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several API processes on real PostgreSQL and Redis servers the tests start on 127.0.0.1
        // (tests/helpers/services/: skipped loudly without the Debian packages, a failure in CI).
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          setupFiles: [SENTINEL],
          // One file at a time: each starts its own database, Redis and server processes.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The built extension in Debian Chromium, fixture sites and the real API server on 127.0.0.1.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
