/**
 * `citable crawl --render`: the pages of a loopback site whose JSON-LD arrives with JavaScript, rendered in
 * headless Chromium (all of them, or the sample), and the argument and environment mistakes that exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSchema } from '../../../shared/schema/crawl.js';
import { run } from '../../../server/cli/crawl-command.js';
import { memoryIo } from '../../cli/cli-io.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { JSON_LD_AFTER_JS_RULE as RULE, jsonLdAfterJsPage } from '../helpers/json-ld-after-js-page.js';

const ENV = { AUDIT_ALLOW_PRIVATE: '1', RENDER_TIMEOUT_MS: '10000' };

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({
    '/': { body: jsonLdAfterJsPage('Home', ['/beans/a', '/beans/b', '/beans/c']) },
    '/beans/a': { body: jsonLdAfterJsPage('Bean A', ['/']) },
    '/beans/b': { body: jsonLdAfterJsPage('Bean B', ['/']) },
    '/beans/c': { body: jsonLdAfterJsPage('Bean C', ['/']) },
  });
});
afterAll(() => site.close());

async function crawl(args: string[], env: Record<string, string> = ENV) {
  const io = memoryIo(env);
  const code = await run([`${site.url}/`, ...args], io, { workerUrl: new URL('file:///nonexistent/audit-worker.mjs') });
  return { code, out: io.out(), err: io.err() };
}

describe('citable crawl --render', () => {
  it('all: every page rendered, the JSON-LD only after JavaScript found on each', async () => {
    const { code, out, err } = await crawl(['--render', 'all', '--json']);
    expect(code, err).toBe(0);
    const result = crawlSchema.parse(JSON.parse(out));
    expect(result.render).toBe('all');
    expect(result.progress.audited).toBe(4);
    expect(result.issues.find((i) => i.rule === RULE)?.pages).toBe(4);
  });

  it('sample: fewer pages rendered than all; none by default', async () => {
    const sample = crawlSchema.parse(JSON.parse((await crawl(['--render', 'sample', '--json'])).out));
    expect(sample.render).toBe('sample');
    const rendered = sample.issues.find((i) => i.rule === RULE)?.pages ?? 0;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(4);
    const plain = crawlSchema.parse(JSON.parse((await crawl(['--json'])).out));
    expect(plain.render).toBe('none');
    expect(plain.issues.find((i) => i.rule === RULE)).toBeUndefined();
  });

  it('exits 2 on another --render value or without Chromium', async () => {
    const wrong = await crawl(['--render', 'every']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--render takes sample, all or none.');
    const missing = await crawl(['--render', 'all'], { ...ENV, CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Rendering needs Chromium: set CHROMIUM_PATH');
  });
});
