import { isObject, needString, topObject, type FormatReader } from './checks.js';

/**
 * MCP server card. Two drafts are in use: SEP-2127 (experimental-ext-server-card `schema.ts`: `name`, `version`,
 * `description` required, `remotes[]` of `{type, url}`) and the earlier SEP-1649 (`serverInfo: {name, version}`,
 * `transport`, `capabilities`). Either shape counts; a card with neither identity is invalid.
 */
export const readMcpServerCard: FormatReader = (doc) => {
  const problems: string[] = [];
  const card = topObject(doc, problems);
  if (!card) return problems;
  if (isObject(card.serverInfo)) {
    const info = card.serverInfo;
    needString(info, 'name', problems, 'serverInfo.');
    needString(info, 'version', problems, 'serverInfo.');
    return problems;
  }
  if (card.name === undefined && card.version === undefined) {
    return ['neither `name` and `version` (SEP-2127 draft) nor `serverInfo` with `name` and `version` (SEP-1649 draft)'];
  }
  needString(card, 'name', problems);
  needString(card, 'version', problems);
  needString(card, 'description', problems);
  if (card.remotes !== undefined) {
    if (!Array.isArray(card.remotes)) problems.push('`remotes` is not an array');
    else
      card.remotes.forEach((remote, i) => {
        if (!isObject(remote)) problems.push(`\`remotes[${i}]\` is not an object`);
        else {
          needString(remote, 'type', problems, `remotes[${i}].`);
          needString(remote, 'url', problems, `remotes[${i}].`);
        }
      });
  }
  return problems;
};
