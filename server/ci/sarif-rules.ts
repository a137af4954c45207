/**
 * SARIF's rule metadata (tool.driver.rules): one reportingDescriptor per rule the engine runs, with the
 * headline, what the rule checks, how to fix a fault, and its section of docs/rules.md. GitHub code
 * scanning shows shortDescription at the top of an alert and help.markdown (else help.text) below it.
 */
import type { Severity } from '../../shared/types/audit.js';
import { RULE_CATALOGUE, type RuleInfo } from './rule-catalogue.js';

export type SarifLevel = 'error' | 'warning' | 'note';

/** critical -> error, warning -> warning, notice -> note. */
export function sarifLevel(severity: Severity): SarifLevel {
  return severity === 'critical' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/** The severity a SARIF level stands for (a baseline read from SARIF). */
export function severityOfLevel(level: unknown): Severity {
  return level === 'error' ? 'critical' : level === 'note' || level === 'none' ? 'notice' : 'warning';
}

/** `docs/rules.md#trust-hsts` as a link: absolute under the docs base when one is known. */
export function ruleDocsUrl(rule: RuleInfo, docsBase: string | null): string | null {
  return docsBase ? new URL(rule.docsPath, docsBase.endsWith('/') ? docsBase : `${docsBase}/`).href : null;
}

function weightNote(rule: RuleInfo): string {
  return `weight ${rule.weight}${rule.weight === 0 ? ' (notice only: never moves a score)' : ''}`;
}

function helpText(rule: RuleInfo, docsUrl: string | null): string {
  return [
    rule.description,
    `How to fix: ${rule.fix}`,
    `Severity: ${rule.severity}; category: ${rule.category}; ${weightNote(rule)}.`,
    `Reference: ${docsUrl ?? `${rule.docsPath} in the Citable repository`}`,
  ].join('\n\n');
}

/** The rule's own lines are plain text the project wrote; only the reference is a link. */
function helpMarkdown(rule: RuleInfo, docsUrl: string | null): string {
  const reference = docsUrl ? `[\`${rule.id}\` in the rule reference](${docsUrl})` : `\`${rule.docsPath}\` in the Citable repository`;
  return [
    rule.description,
    `**How to fix:** ${rule.fix}`,
    `Severity \`${rule.severity}\`, category ${rule.category}, ${weightNote(rule)}.`,
    `Reference: ${reference}.`,
  ].join('\n\n');
}

export function sarifRules(docsBase: string | null): object[] {
  return RULE_CATALOGUE.map((rule) => {
    const docsUrl = ruleDocsUrl(rule, docsBase);
    return {
      id: rule.id,
      shortDescription: { text: rule.title },
      fullDescription: { text: rule.description },
      help: { text: helpText(rule, docsUrl), markdown: helpMarkdown(rule, docsUrl) },
      ...(docsUrl ? { helpUri: docsUrl } : {}),
      defaultConfiguration: { level: sarifLevel(rule.severity) },
      properties: { category: rule.category, weight: rule.weight, tags: ['citable', 'ai-readiness', rule.category] },
    };
  });
}
