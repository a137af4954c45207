import { isObject, MAX_ENTRIES_READ, needArray, needString, topObject, type FormatReader, type JsonObject } from './checks.js';

/** The index schema of Cloudflare's Agent Skills Discovery RFC 0.2.0. */
export const AGENT_SKILLS_SCHEMA_0_2 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const SKILL_NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-)){0,62}[a-z0-9]$|^[a-z0-9]$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MAX_DESCRIPTION = 1024;

/**
 * Agent skills index (cloudflare/agent-skills-discovery-rfc 0.2.0): `$schema` and `skills[]`, each with `name`
 * (Agent Skills naming: 1-64 of a-z, 0-9 and single inner hyphens), `type` (`skill-md` or `archive`),
 * `description` (at most 1,024 characters), `url` and `digest` (`sha256:` and 64 lower-case hex digits).
 * Without `$schema` the RFC reads the index as 0.1.0 (`name`, `description`, `files`); an unknown `$schema`
 * tells clients not to process it.
 */
export const readAgentSkills: FormatReader = (doc) => {
  const problems: string[] = [];
  const index = topObject(doc, problems);
  if (!index) return problems;
  const schema = index.$schema;
  if (schema !== undefined && schema !== AGENT_SKILLS_SCHEMA_0_2) {
    problems.push(
      `\`$schema\` is ${typeof schema === 'string' ? `"${schema.slice(0, 80)}"` : 'not a string'}, not a schema version clients know (${AGENT_SKILLS_SCHEMA_0_2})`,
    );
    return problems;
  }
  const skills = needArray(index, 'skills', problems);
  skills?.slice(0, MAX_ENTRIES_READ).forEach((skill, i) => {
    if (!isObject(skill)) return problems.push(`\`skills[${i}]\` is not an object`);
    readSkill(skill, `skills[${i}].`, schema === undefined, problems);
  });
  return problems;
};

function readSkill(skill: JsonObject, where: string, legacy: boolean, problems: string[]): void {
  if (needString(skill, 'name', problems, where) && !SKILL_NAME.test(skill.name as string)) {
    problems.push(`\`${where}name\` "${String(skill.name).slice(0, 70)}" is not a skill name (1-64 of a-z, 0-9 and single inner hyphens)`);
  }
  if (needString(skill, 'description', problems, where) && (skill.description as string).length > MAX_DESCRIPTION) {
    problems.push(`\`${where}description\` is longer than ${MAX_DESCRIPTION} characters`);
  }
  if (legacy) return;
  if (needString(skill, 'type', problems, where) && skill.type !== 'skill-md' && skill.type !== 'archive') {
    problems.push(`\`${where}type\` is "${String(skill.type).slice(0, 30)}", not "skill-md" or "archive"`);
  }
  needString(skill, 'url', problems, where);
  if (needString(skill, 'digest', problems, where) && !DIGEST.test(skill.digest as string)) {
    problems.push(`\`${where}digest\` is not "sha256:" and 64 lower-case hexadecimal digits`);
  }
}
