import { isObject, MAX_ENTRIES_READ, needArray, needObject, needString, topObject, type FormatReader } from './checks.js';

/**
 * A2A agent card (a2aproject/A2A `specification/a2a.proto`, message AgentCard): required `name`, `description`,
 * `supportedInterfaces`, `version`, `capabilities`, `defaultInputModes`, `defaultOutputModes`, `skills`.
 * Cards of A2A 0.x name their endpoint in `url` instead of `supportedInterfaces`; either is accepted.
 * Each skill requires `id`, `name`, `description` and `tags`.
 */
export const readA2aAgentCard: FormatReader = (doc) => {
  const problems: string[] = [];
  const card = topObject(doc, problems);
  if (!card) return problems;
  for (const key of ['name', 'description', 'version']) needString(card, key, problems);
  if (card.supportedInterfaces === undefined && card.url === undefined)
    problems.push('`supportedInterfaces` is missing (or `url`, in A2A 0.x cards)');
  else if (card.supportedInterfaces !== undefined) needArray(card, 'supportedInterfaces', problems);
  else needString(card, 'url', problems);
  needObject(card, 'capabilities', problems);
  for (const key of ['defaultInputModes', 'defaultOutputModes']) {
    const modes = needArray(card, key, problems);
    if (modes?.some((m) => typeof m !== 'string')) problems.push(`\`${key}\` holds something other than media type strings`);
  }
  const skills = needArray(card, 'skills', problems);
  skills?.slice(0, MAX_ENTRIES_READ).forEach((skill, i) => {
    if (!isObject(skill)) return problems.push(`\`skills[${i}]\` is not an object`);
    for (const key of ['id', 'name', 'description']) needString(skill, key, problems, `skills[${i}].`);
    needArray(skill, 'tags', problems, `skills[${i}].`);
  });
  return problems;
};
