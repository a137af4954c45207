/**
 * Every issue title a rule can give has a German, French and Spanish title: the rules' default titles and each
 * title literal their outcomes set (read from the rule sources, so a new rule or outcome without one fails here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../../shared/rules/index.js';
import { RULE_TITLES, ruleTitleIn } from '../../../shared/report/rule-titles.js';
import { createTranslator } from '../../../shared/i18n/translator.js';

const RULES_DIR = path.resolve('shared/rules');

/** The quoted strings on each `title:` line of the rule sources (a ternary's two titles included). */
function titleLiterals(): string[] {
  const found = new Set<string>(ALL_RULES.map((r) => r.title));
  for (const dir of readdirSync(RULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(path.join(RULES_DIR, dir.name))) {
      const source = readFileSync(path.join(RULES_DIR, dir.name, file), 'utf8');
      for (const line of source.split('\n').filter((l) => /\btitle:/.test(l))) {
        for (const m of line.matchAll(/(['"])((?:(?!\1).)+)\1/g)) {
          if (/[A-Za-z]{3}.* /.test(m[2]!)) found.add(m[2]!);
        }
      }
    }
  }
  return [...found];
}

describe('issue titles in every language', () => {
  const titles = titleLiterals();

  it('finds the titles it checks', () => {
    expect(titles.length).toBeGreaterThan(120);
    expect(titles).toContain('The page should have exactly one H1');
    expect(titles).toContain('No contact link'); // one branch of a ternary
  });

  for (const [lang, list] of Object.entries(RULE_TITLES)) {
    it(`${lang} has a title for each`, () => {
      expect(titles.filter((t) => !list[t])).toEqual([]);
    });
  }

  it('shows a known title translated and an unknown one as the audit has it', () => {
    expect(ruleTitleIn(createTranslator('de'), 'content.single-h1', 'No H1 heading')).toBe('Keine H1-Überschrift');
    expect(ruleTitleIn(createTranslator('de'), 'x.y', 'A title from a newer rule')).toBe('A title from a newer rule');
    expect(ruleTitleIn(createTranslator('en'), 'content.single-h1', 'No H1 heading')).toBe('No H1 heading');
  });
});
