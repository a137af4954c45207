import { isObject, MAX_ENTRIES_READ, needArray, topObject, type FormatReader } from './checks.js';

/**
 * RFC 9727 API catalog in the linkset format of RFC 9264 section 4.2 (`application/linkset+json`): a `linkset`
 * array of link context objects, whose members other than `anchor` are relation types, each an array of
 * target objects with an `href`.
 */
export const readApiCatalog: FormatReader = (doc) => {
  const problems: string[] = [];
  const catalog = topObject(doc, problems);
  if (!catalog) return problems;
  const contexts = needArray(catalog, 'linkset', problems);
  contexts?.slice(0, MAX_ENTRIES_READ).forEach((context, i) => {
    if (!isObject(context)) return problems.push(`\`linkset[${i}]\` is not an object`);
    if (context.anchor !== undefined && typeof context.anchor !== 'string') problems.push(`\`linkset[${i}].anchor\` is not a string`);
    for (const [rel, targets] of Object.entries(context)) {
      if (rel === 'anchor') continue;
      if (!Array.isArray(targets)) {
        problems.push(`\`linkset[${i}]["${rel.slice(0, 40)}"]\` is not an array of link targets`);
        continue;
      }
      targets.slice(0, MAX_ENTRIES_READ).forEach((target, j) => {
        if (!isObject(target) || typeof target.href !== 'string')
          problems.push(`\`linkset[${i}]["${rel.slice(0, 40)}"][${j}]\` has no \`href\``);
      });
    }
  });
  return problems;
};
