/**
 * The GitHub Action (action.yml): its `run:` steps in bash with the environment a runner sets, against a
 * loopback site, with the CLI built from this checkout. What code scanning would be given (the SARIF file),
 * the job summary, the outputs and whether the job fails, for a page, a crawl over its budget, a bad budget
 * and an input that tries to inject shell code.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { samplePage } from '../cli/cli-io.js';
import { readAction, runAction, type ActionContext, type StepRun } from './action-runner.js';
import { sarifProblems } from './sarif-schema.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let site: FixtureSite;
const dirs: string[] = [];

beforeAll(async () => {
  // The action runs bin/citable.cjs: build this checkout's CLI, as `npm ci` would in the action's folder.
  const build = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(process.execPath, ['scripts/build.mjs'], { cwd: root, timeout: 120_000 }, (error, _out, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );
  expect(build).toEqual({ code: 0, stderr: '' });
  const links = ['/guide/1', '/guide/2', '/guide/3'].map((p) => `<a href="${p}">More on ${p}</a>`).join(' ');
  site = await startFixtureSite({
    '/': { body: samplePage().replace('</main>', `${links}</main>`) },
    '/guide/1': { body: samplePage('Grind size for pour-over') },
    '/guide/2': { body: samplePage('Water temperature for coffee') },
    '/guide/3': { body: samplePage('Coffee to water ratio') },
  });
}, 180_000);
afterAll(async () => {
  await site?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function context(inputs: Record<string, string>, files: Record<string, string> = {}): ActionContext {
  const base = mkdtempSync(path.join(os.tmpdir(), 'citable-action-'));
  dirs.push(base);
  const workspace = path.join(base, 'workspace');
  const runnerTemp = path.join(base, 'runner-temp');
  for (const dir of [workspace, runnerTemp]) mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(workspace, name), content);
  const summary = path.join(base, 'step-summary.md');
  writeFileSync(summary, '');
  return {
    root,
    inputs,
    workspace,
    runnerTemp,
    summary,
    env: { AUDIT_ALLOW_PRIVATE: '1' }, // the workflow's env: the fixture site is on 127.0.0.1
    github: { action_repository: 'acme/citable', action_ref: 'v1', server_url: 'https://github.com' },
  };
}

const step = (runs: StepRun[], name: string) => runs.find((r) => r.name === name)!;

describe('action.yml', () => {
  it('is a composite action with the inputs url, max-pages, budget and render; run steps read inputs only through env', () => {
    const action = readAction(root);
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['url', 'max-pages', 'budget', 'render']));
    expect(action.inputs.url!.required).toBe(true);
    for (const s of action.runs.steps.filter((s) => s.run)) expect([s.name, s.run!.includes('${{')]).toEqual([s.name, false]);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('${{ steps.audit.outputs.sarif-file }}');
  });

  it('one page with a budget it meets: SARIF for code scanning, the job summary, the outputs, the job passes', async () => {
    const ctx = context(
      { url: `${site.url}/`, budget: 'citable-budget.json' },
      { 'citable-budget.json': JSON.stringify({ score: { min: 10 }, max_critical: 0 }) },
    );
    const runs = await runAction(ctx);
    const audit = step(runs, 'Audit');
    expect([audit.code, audit.output]).toEqual([0, expect.stringContaining(`Citable audit of ${site.url}/`)]);
    expect(audit.output).toContain('citable audit: budget met: 2 assertions passed');
    expect(audit.outputs['exit-code']).toBe('0');
    expect(audit.outputs.score).toMatch(/^\d{1,3}$/);
    const upload = step(runs, 'Upload SARIF to code scanning');
    expect(upload.skipped).toBe(false);
    expect(upload.with!.sarif_file).toBe(path.join(ctx.runnerTemp, 'citable', 'citable.sarif'));
    const log = JSON.parse(readFileSync(upload.with!.sarif_file!, 'utf8'));
    expect(sarifProblems(log)).toEqual([]);
    const uris = log.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) expect(uri).toBe(`127.0.0.1%3A${site.port}/`); // code scanning refuses http(s) locations
    expect(log.runs[0].tool.driver.rules[0].helpUri).toMatch(/^https:\/\/github\.com\/acme\/citable\/blob\/v1\/docs\/rules\.md#/);
    const summary = readFileSync(ctx.summary, 'utf8');
    expect(summary).toMatch(new RegExp(`^### Citable audit of \`${site.url}/\`\\n\\nScore \\*\\*${audit.outputs.score}/100\\*\\*`));
    expect(step(runs, 'Apply the budget')).toMatchObject({ code: 0, skipped: false });
  });

  it('a crawl over its budget: the SARIF is still uploaded, the summary written, and the job fails', async () => {
    const ctx = context(
      { url: site.url, 'max-pages': '3', budget: 'budget.json' },
      { 'budget.json': JSON.stringify({ score: { min: 100 } }) },
    );
    const runs = await runAction(ctx);
    const audit = step(runs, 'Audit');
    expect(audit.code).toBe(0);
    expect(audit.outputs['exit-code']).toBe('1');
    expect(audit.output).toMatch(/citable crawl: budget failed: 1 of 1 assertion\n {2}score\.min: \d+ \(minimum 100\)/);
    expect(audit.output).toContain('Citable site audit of');
    const upload = step(runs, 'Upload SARIF to code scanning');
    expect(upload.skipped).toBe(false);
    const log = JSON.parse(readFileSync(upload.with!.sarif_file!, 'utf8'));
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].properties.citable).toMatchObject({ kind: 'crawl', audited: 3 });
    expect(readFileSync(ctx.summary, 'utf8')).toMatch(
      /^### Citable site audit of `http:\/\/127\.0\.0\.1:\d+\/?`\n\nScore \*\*\d+\/100\*\* · 3 pages audited/,
    );
    const verdict = step(runs, 'Apply the budget');
    expect(verdict.code).toBe(1);
    expect(verdict.output).toContain('::error title=Citable::the budget or fail-under failed');
  });

  it('a bad budget file: the Audit step fails with the reason, nothing is uploaded, the summary says so', async () => {
    const ctx = context({ url: `${site.url}/`, budget: 'budget.json' }, { 'budget.json': JSON.stringify({ score: { minimum: 50 } }) });
    const before = site.requests.length;
    const runs = await runAction(ctx);
    const audit = step(runs, 'Audit');
    expect(audit.code).toBe(2);
    expect(audit.output).toContain(
      `citable audit: --budget ${path.join(ctx.workspace, 'budget.json')}: unknown key score."minimum": allowed "min".`,
    );
    expect(audit.output).toContain(`::error title=Citable::could not audit ${site.url}/ (exit 2)`);
    expect(step(runs, 'Upload SARIF to code scanning').skipped).toBe(true);
    expect(step(runs, 'Apply the budget').skipped).toBe(true);
    expect(readFileSync(ctx.summary, 'utf8')).toBe(`Citable could not audit \`${site.url}/\` (exit 2): the log above says why.\n`);
    expect(site.requests.length).toBe(before);
  });

  it('upload-sarif false skips the upload; an input is never run as shell code', async () => {
    const marker = path.join(os.tmpdir(), `citable-action-pwned-${process.pid}`);
    const ifs = '${IFS}'; // a space to the shell, none in the URL
    const ctx = context({ url: `${site.url}/x$(touch${ifs}${marker});touch${ifs}${marker}`, 'upload-sarif': 'false', 'fail-under': '0' });
    const runs = await runAction(ctx);
    expect(step(runs, 'Audit').code).toBe(0);
    expect(step(runs, 'Upload SARIF to code scanning').skipped).toBe(true);
    expect(existsSync(marker)).toBe(false);
    expect(site.requests.some((r) => r.path.includes('touch'))).toBe(true);
  });

  it('max-pages that is not a number fails the Audit step before anything runs', async () => {
    const runs = await runAction(context({ url: `${site.url}/`, 'max-pages': '3; echo hi' }));
    expect(step(runs, 'Audit')).toMatchObject({
      code: 2,
      output: expect.stringContaining('max-pages must be a whole number, got 3; echo hi'),
    });
  });
});
