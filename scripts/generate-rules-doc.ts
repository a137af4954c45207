/**
 * Writes docs/rules.md from the rule registry (`npm run docs:rules`): how scoring works, then every rule of
 * every category with its severity, weight, what it checks and how to fix it. The numbers come from the
 * engine (CATEGORY_WEIGHTS, CRITICAL_SCORE_CAP, each rule's own members), so the page cannot drift from the
 * code; tests/engine/rules/rules-doc.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_RULES } from '../shared/rules/index.js';
import { CATEGORY_WEIGHTS, CRITICAL_SCORE_CAP } from '../shared/categories.js';
import { RULES_DOC, ruleDocsAnchor, type Rule } from '../shared/judge/rule.js';
import { CATEGORY_NAMES, SEVERITIES, type CategoryName } from '../shared/types/audit.js';
import { FIX_DOCS, fixNamesByRule } from '../shared/fixes/catalog.js';

export const RULES_DOC_COMMAND = 'npm run docs:rules';
export const RULES_DOC_PATH = fileURLToPath(new URL(`../${RULES_DOC}`, import.meta.url));

/** The question each category answers, the first line of its section. */
const CATEGORY_QUESTIONS: Record<CategoryName, string> = {
  'Crawler Access': 'May AI crawlers and assistants fetch the page, and does the site let them use it?',
  Rendering: 'Is the content in the server HTML, readable without JavaScript?',
  'Structured Data': 'Does the page say in machine-readable form what it is and who publishes it?',
  'Content Structure': 'Can an answer engine find the topic, the outline and quotable passages?',
  'AI Discovery': 'Can agents find the site’s pages and an agent-friendly version of them?',
  Trust: 'Can an answer engine tell who stands behind the page, when it was written and what it rests on?',
};

const slug = (category: CategoryName) => category.toLowerCase().replace(/ /g, '-');
const rulesOf = (category: CategoryName) => ALL_RULES.filter((r) => r.category === category);
const totalWeight = (rules: readonly Rule[]) => rules.reduce((sum, r) => sum + r.weight, 0);

/** The whole page, as committed in docs/rules.md. */
export function renderRulesDoc(): string {
  return [...intro(), ...scoring(), ...CATEGORY_NAMES.flatMap(categorySection)].join('\n');
}

function intro(): string[] {
  return [
    '# Audit rules',
    '',
    `<!-- Generated from the rule registry (shared/rules/) by \`${RULES_DOC_COMMAND}\` (scripts/generate-rules-doc.ts). Do not edit by hand. -->`,
    '',
    `An audit judges a page with ${ALL_RULES.length} rules in ${CATEGORY_NAMES.length} categories. Each rule has a stable id, ` +
      '`<area>.<what>`, which issues carry in their `rule` member; the heading of each rule below is its id and its anchor ' +
      'is the id with the dot replaced by a hyphen (`trust.hsts` is `#trust-hsts`).',
    '',
    `Categories: ${CATEGORY_NAMES.map((c) => `[${c}](#${slug(c)})`).join(', ')}.`,
    '',
  ];
}

function scoring(): string[] {
  const notices = ALL_RULES.filter((r) => r.weight === 0);
  return [
    '## How scoring works',
    '',
    '| Category | Weight in the overall score | Rules |',
    '|---|---|---|',
    ...CATEGORY_NAMES.map((c) => `| [${c}](#${slug(c)}) | ${CATEGORY_WEIGHTS[c]} | ${rulesOf(c).length} |`),
    '',
    '- **A rule** passes (1), fails (0) or earns partial credit in between, or is not applicable when there is nothing ' +
      'to judge (no JSON-LD to validate, a page that is not HTML). A rule that does not fully pass raises an issue that ' +
      'says what was found and what to do.',
    '- **A category** scores `round(100 · Σ weight · result / Σ weight)` over the rules that applied. A category where ' +
      'no scored rule applied is not applicable ("n/a") and is left out of the overall score.',
    '- **The overall score** is the weighted mean of the applicable categories, with the weights above.',
    `- **Severity**, from most to least serious: ${SEVERITIES.map((s) => `\`${s}\``).join(', ')}. Issues are ordered by ` +
      'severity, then category, then weight. The severity below is a rule’s default; an outcome may lower it (a small ' +
      'shortfall is often only a notice) or raise it.',
    `- **The critical cap**: while any critical issue stands, the overall score is at most ${CRITICAL_SCORE_CAP}, ` +
      'whatever the categories average.',
    `- **Weight-0 rules** (${notices.length} of them, marked "notice only" below) are informational: they raise a ` +
      'notice, such as a legitimate opt-out of AI training, but never move a score.',
    '',
  ];
}

function categorySection(category: CategoryName): string[] {
  const rules = rulesOf(category);
  return [
    `## ${category}`,
    '',
    `${CATEGORY_QUESTIONS[category]} ${rules.length} rules; the category weighs ${CATEGORY_WEIGHTS[category]} in the ` +
      `overall score and its rules weigh ${totalWeight(rules)} in all.`,
    '',
    ...rules.flatMap((rule) => ruleSection(rule, totalWeight(rules))),
  ];
}

function ruleSection(rule: Rule, categoryWeight: number): string[] {
  const weight = rule.weight === 0 ? '0 (notice only: never moves a score)' : `${rule.weight} of the category’s ${categoryWeight}`;
  return [
    `<a id="${ruleDocsAnchor(rule.id)}"></a>`,
    '',
    `### ${rule.id}`,
    '',
    `- **Category**: ${rule.category}`,
    `- **Severity**: ${rule.severity}`,
    `- **Weight**: ${weight}`,
    `- **Issue**: ${escape(rule.title)}`,
    `- **What it checks**: ${escape(rule.description)}`,
    `- **How to fix**: ${escape(rule.fix)}`,
    ...generatedFix(rule.id),
    '',
  ];
}

const FIXES_BY_RULE = fixNamesByRule('keep-training-choices');
const FIXES_WITH_ALLOW_ALL = fixNamesByRule('allow-all');

/** The fixes Citable writes for the rule (docs/fixes.md), if any. */
function generatedFix(id: string): string[] {
  const names = FIXES_BY_RULE.get(id) ?? FIXES_WITH_ALLOW_ALL.get(id);
  if (!names) return [];
  const links = names.map((n) => `[${FIX_DOCS[n].label}](fixes.md#${FIX_DOCS[n].anchor})`);
  const policy = FIXES_BY_RULE.has(id) ? '' : ' (with `policy=allow-all`)';
  return [`- **Generated fix**: ${links.join(', ')}${policy}`];
}

/** Rule texts name HTML elements (`<title>`): escaped so Markdown shows them instead of dropping them as tags. */
function escape(text: string): string {
  return text.replace(/</g, '\\<');
}

/** Run as a script: write the page. */
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFileSync(RULES_DOC_PATH, renderRulesDoc());
  console.log(`wrote ${RULES_DOC} (${ALL_RULES.length} rules)`);
}
