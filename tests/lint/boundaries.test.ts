// The architecture boundaries are ESLint rules (eslint.config.js), so a violation fails `npm test`.
// Each case lints a small source text as if it lived at a given path, with the project's own config.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => /restricted-(imports|globals)/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('architecture boundaries', () => {
  it.each([
    ['shared/facts/x.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['shared/facts/x.ts', "import path from 'path';\nexport const x = path;\n"],
    ['shared/facts/x.ts', "import { createApp } from '../../server/app/create-app.js';\nexport const x = createApp;\n"],
    ['shared/audit/x.ts', "import { settings } from '../../extension/lib/settings.js';\nexport const x = settings;\n"],
    ['shared/facts/x.ts', "import browser from 'webextension-polyfill';\nexport const x = browser;\n"],
    ['shared/facts/x.ts', 'export const x = () => process.env.HOME;\n'],
    ['shared/facts/x.ts', 'export const x = () => document.title;\n'],
  ])('the engine (%s) may not import Node, browser, server or extension code', async (filePath, code) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages.length).toBe(1);
    expect(messages[0]).toMatch(/shared\/ is the engine/);
  });

  it.each([
    ['shared/rules/trust/x.ts', "import { gather } from '../../gather/gather.js';\nexport const x = gather;\n"],
    ['shared/rules/trust/x.ts', "import { runAudit } from '../../audit/run-audit.js';\nexport const x = runAudit;\n"],
    ['shared/rules/trust/x.ts', "export const x = () => fetch('https://example.com/');\n"],
    ['shared/judge/x.ts', "import { gather } from '../gather/gather.js';\nexport const x = gather;\n"],
  ])('a rule (%s) never imports gathering or I/O', async (filePath, code) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages.length).toBe(1);
    expect(messages[0]).toMatch(/Rules are pure/);
  });

  it('a rule may import a type of the snapshot (no I/O comes with a type)', async () => {
    const code = "import type { FetchedResource } from '../../types/fetcher.js';\nexport const x = (r: FetchedResource) => r.status;\n";
    expect(await restrictedImports('shared/rules/trust/x.ts', code)).toEqual([]);
  });

  it('the extension never imports server code', async () => {
    const code = "import { createApp } from '../../server/app/create-app.js';\nexport const x = createApp;\n";
    const messages = await restrictedImports('extension/lib/x.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/never imports server/);
  });

  it.each([
    ['shared/facts/x.tsx', "import { h } from 'preact';\nexport const x = h;\n", 1, /shared\/ is the engine/],
    [
      'shared/audit/x.ts',
      "import { renderToString } from 'preact-render-to-string';\nimport { h } from 'preact';\nexport const x = [renderToString, h];\n",
      2,
      /shared\/ is the engine/,
    ],
    [
      'shared/report/x.tsx',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      1,
      /shared\/report\/ renders pure functions/,
    ],
    [
      'shared/report/x.tsx',
      "import { createApp } from '../../server/app/create-app.js';\nexport const x = createApp;\n",
      1,
      /shared\/report\/ renders pure functions/,
    ],
    ['shared/report/x.tsx', 'export const x = () => document.title;\n', 1, /shared\/ is the engine/],
  ])('preact stays out of the engine (%s), and reports import nothing else the engine may not', async (filePath, code, count, message) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages.length).toBe(count);
    for (const m of messages) expect(m).toMatch(message);
  });

  it('shared/report/ may import preact and render it to a string', async () => {
    const code =
      "import { h } from 'preact';\nimport { renderToString } from 'preact-render-to-string';\nexport const x = () => renderToString(h('p', null, 'hi'));\n";
    expect(await restrictedImports('shared/report/x.tsx', code)).toEqual([]);
  });

  it('the same imports are fine where they belong', async () => {
    expect(await restrictedImports('server/x.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual([]);
    expect(
      await restrictedImports(
        'extension/lib/x.ts',
        "import { auditSnapshot } from '../../shared/audit/audit-snapshot.js';\nexport const x = auditSnapshot;\n",
      ),
    ).toEqual([]);
  });
});
