/**
 * The Prometheus scrape job and alert rules that docs/operations.md#metrics gives, as written there: the
 * blocks are read from the page, checked with the real `promtool` (Debian's /usr/bin/promtool) and the
 * rules unit-tested with `promtool test rules` against alert-rules.promtool.yml, which holds, for each
 * alert, a case that fires and one that does not.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docBlock } from '../../helpers/doc-blocks.js';

const PROMTOOL = '/usr/bin/promtool';
const run = promisify(execFile);

describe('the scrape job and alert rules of docs/operations.md', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-alerts-'));
    await writeFile(path.join(dir, 'citable-alerts.yml'), await docBlock('operations.md', 'citable-alerts.yml'));
    await writeFile(path.join(dir, 'prometheus.yml'), await docBlock('operations.md', 'prometheus.yml'));
    await copyFile(path.join(import.meta.dirname, 'alert-rules.promtool.yml'), path.join(dir, 'tests.yml'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('promtool accepts the rules and the scrape configuration', async () => {
    const rules = await run(PROMTOOL, ['check', 'rules', 'citable-alerts.yml'], { cwd: dir });
    expect(rules.stdout).toContain('SUCCESS: 3 rules found');
    const config = await run(PROMTOOL, ['check', 'config', 'prometheus.yml'], { cwd: dir });
    expect(config.stdout).toContain('SUCCESS');
  });

  it('every alert has a case that fires and one that stays quiet, and promtool test rules passes them all', async () => {
    const rules = await readFile(path.join(dir, 'citable-alerts.yml'), 'utf8');
    const tests = await readFile(path.join(dir, 'tests.yml'), 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts).toEqual(['CitableQueueGrowing', 'CitableWebhookFailures', 'CitableHighErrorRate']);
    for (const alert of alerts) {
      const cases = [...tests.matchAll(new RegExp(`alertname: ${alert}\\n\\s+exp_alerts:(.*)`, 'g'))].map((m) => m[1]!.trim());
      expect(cases, alert).toContain('[]');
      expect(
        cases.some((c) => c === ''),
        alert,
      ).toBe(true); // a list of expected alerts follows
    }
    const result = await run(PROMTOOL, ['test', 'rules', 'tests.yml'], { cwd: dir }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${result.stdout}${result.stderr}`).toContain('SUCCESS');
  });
});
