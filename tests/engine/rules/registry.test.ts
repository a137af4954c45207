/**
 * The rule registry's conventions (docs/CONTRIBUTING.md, "Adding a rule"): one rule per file, named after its
 * id, in the folder of its category, registered once, ids unique and of the form `<area>.<what>`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../../shared/rules/index.js';
import { CATEGORY_NAMES, type CategoryName } from '../../../shared/types/audit.js';
import { ruleDocsAnchor, ruleDocsLink, type Rule } from '../../../shared/judge/rule.js';
import { crawlerAccessRules } from '../../../shared/rules/crawler-access/index.js';
import { renderingRules } from '../../../shared/rules/rendering/index.js';
import { structuredDataRules } from '../../../shared/rules/structured-data/index.js';
import { contentStructureRules } from '../../../shared/rules/content-structure/index.js';
import { aiDiscoveryRules } from '../../../shared/rules/ai-discovery/index.js';
import { trustRules } from '../../../shared/rules/trust/index.js';

const RULES_DIR = fileURLToPath(new URL('../../../shared/rules/', import.meta.url));
/** Rule tests, one file per rule beside its id: tests/engine/rules/<category>/<id>.test.ts. */
const TESTS_DIR = fileURLToPath(new URL('./', import.meta.url));
/** `<area>.<what>`: lower-case words joined by hyphens, one dot. */
const ID = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/;
/** The longest description or fix line: one line of docs/rules.md, not a paragraph. */
const MAX_LINE = 200;
const folderOf = (category: CategoryName) => category.toLowerCase().replace(/ /g, '-');
const REGISTERED: Record<CategoryName, readonly Rule[]> = {
  'Crawler Access': crawlerAccessRules,
  Rendering: renderingRules,
  'Structured Data': structuredDataRules,
  'Content Structure': contentStructureRules,
  'AI Discovery': aiDiscoveryRules,
  Trust: trustRules,
};

/** Every rule file of a category folder, imported: the folder holds rule files and index.ts, nothing else. */
async function ruleFiles(category: CategoryName): Promise<Array<{ file: string; module: Record<string, unknown> }>> {
  const dir = path.join(RULES_DIR, folderOf(category));
  const entries = readdirSync(dir).filter((name) => name !== 'index.ts');
  return Promise.all(
    entries.map(async (file) => {
      expect(statSync(path.join(dir, file)).isFile(), `${folderOf(category)}/${file} is a file, not a folder`).toBe(true);
      return { file, module: (await import(path.join(dir, file))) as Record<string, unknown> };
    }),
  );
}

describe('the rule registry', () => {
  it('has one folder per category and nothing else beside index.ts', () => {
    const folders = readdirSync(RULES_DIR).filter((name) => name !== 'index.ts');
    expect(folders.sort()).toEqual(CATEGORY_NAMES.map(folderOf).sort());
  });

  it.each(CATEGORY_NAMES)(
    '%s: every file defines exactly one rule, named after its id, in this category, registered once',
    async (category) => {
      const files = await ruleFiles(category);
      expect(files.length).toBeGreaterThan(0);
      for (const { file, module } of files) {
        expect(Object.keys(module), `${file} exports only its rule, as default`).toEqual(['default']);
        const rule = module.default as Rule;
        expect(typeof rule.check, file).toBe('function');
        expect(file, `the file of ${rule.id}`).toBe(`${rule.id}.ts`);
        expect(rule.category, rule.id).toBe(category);
        expect(
          REGISTERED[category].filter((r) => r === rule),
          `${rule.id} in ${folderOf(category)}/index.ts`,
        ).toHaveLength(1);
      }
      expect(REGISTERED[category]).toHaveLength(files.length);
    },
  );

  it('ids are unique and of the form <area>.<what>', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID);
  });

  it("ALL_RULES is every category's rules, in contract category order", () => {
    expect(ALL_RULES).toEqual(CATEGORY_NAMES.flatMap((c) => REGISTERED[c]));
    const order = ALL_RULES.map((r) => CATEGORY_NAMES.indexOf(r.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('every rule has a headline, a weight of 0 or more and, when informational, the notice severity', () => {
    for (const rule of ALL_RULES) {
      expect(rule.title.trim(), rule.id).not.toBe('');
      expect(rule.weight, rule.id).toBeGreaterThanOrEqual(0);
      if (rule.weight === 0) expect(rule.severity, rule.id).toBe('notice');
    }
  });

  it('every rule describes itself in one line and says in one line how to fix it', () => {
    for (const rule of ALL_RULES) {
      for (const [name, text] of [
        ['description', rule.description],
        ['fix', rule.fix],
      ] as const) {
        expect(text.trim(), `${rule.id} ${name}`).not.toBe('');
        expect(text, `${rule.id} ${name} is one line`).not.toMatch(/\n/);
        expect(text.length, `${rule.id} ${name} is short`).toBeLessThanOrEqual(MAX_LINE);
        expect(text, `${rule.id} ${name} is a sentence`).toMatch(/^[A-Z].*[.)]$/);
      }
    }
  });

  it('every rule has its own anchor in docs/rules.md, derived from its id', () => {
    expect(ruleDocsLink('trust.hsts')).toBe('docs/rules.md#trust-hsts');
    const anchors = ALL_RULES.map((r) => ruleDocsAnchor(r.id));
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const anchor of anchors) expect(anchor).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('rule tests', () => {
  it('every registered rule has its own test file, which imports the rule', () => {
    for (const rule of ALL_RULES) {
      const file = path.join(TESTS_DIR, folderOf(rule.category), `${rule.id}.test.ts`);
      expect(existsSync(file), `tests/engine/rules/${folderOf(rule.category)}/${rule.id}.test.ts`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${rule.id}.test.ts imports its rule`).toContain(
        `/shared/rules/${folderOf(rule.category)}/${rule.id}.js'`,
      );
    }
  });

  it('every rule test file names a registered rule of its folder, and the folders are the categories', () => {
    const folders = readdirSync(TESTS_DIR).filter((name) => statSync(path.join(TESTS_DIR, name)).isDirectory());
    expect(folders.sort()).toEqual(CATEGORY_NAMES.map(folderOf).sort());
    for (const category of CATEGORY_NAMES) {
      const ids = REGISTERED[category].map((r) => r.id);
      const tests = readdirSync(path.join(TESTS_DIR, folderOf(category))).filter((name) => name.endsWith('.test.ts'));
      for (const file of tests)
        expect(ids, `${folderOf(category)}/${file} names no registered rule`).toContain(file.slice(0, -'.test.ts'.length));
      expect(tests).toHaveLength(ids.length);
    }
  });
});
