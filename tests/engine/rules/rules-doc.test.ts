/**
 * docs/rules.md is generated from the rule registry (scripts/generate-rules-doc.ts): regenerated here in memory,
 * it must equal the committed file, so a rule added, reweighted or reworded without `npm run docs:rules` fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_DOC_COMMAND, RULES_DOC_PATH, renderRulesDoc } from '../../../scripts/generate-rules-doc.js';
import { ALL_RULES } from '../../../shared/rules/index.js';
import { ruleDocsAnchor } from '../../../shared/judge/rule.js';
import { CRITICAL_SCORE_CAP } from '../../../shared/categories.js';

const committed = readFileSync(RULES_DOC_PATH, 'utf8');
const rendered = renderRulesDoc();

describe('docs/rules.md', () => {
  it('is up to date with the rule registry', () => {
    expect(committed === rendered, `docs/rules.md is stale: run \`${RULES_DOC_COMMAND}\` and commit the result`).toBe(true);
  });

  it('has one section per rule under its id, with its anchor, severity, weight, description and fix', () => {
    for (const rule of ALL_RULES) {
      const section = rendered.split(`<a id="${ruleDocsAnchor(rule.id)}"></a>\n\n### ${rule.id}\n`)[1]?.split('\n\n')[0];
      expect(section, rule.id).toBeDefined();
      expect(section).toContain(`- **Category**: ${rule.category}\n`);
      expect(section).toContain(`- **Severity**: ${rule.severity}\n`);
      expect(section).toContain(`- **Weight**: ${rule.weight} `);
      expect(section).toContain(`- **What it checks**: ${rule.description.replace(/</g, '\\<')}\n`);
      expect(section).toContain(`- **How to fix**: ${rule.fix.replace(/</g, '\\<')}`);
    }
  });

  it('explains the scoring: category weights, severity order, the critical cap and weight-0 notices', () => {
    expect(rendered).toContain('| [Crawler Access](#crawler-access) | 25 |');
    expect(rendered).toContain('`critical`, `warning`, `notice`');
    expect(rendered).toContain(`the overall score is at most ${CRITICAL_SCORE_CAP}`);
    expect(rendered).toContain(`**Weight-0 rules** (${ALL_RULES.filter((r) => r.weight === 0).length} of them`);
  });
});
