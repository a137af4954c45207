import { isObject, MAX_ENTRIES_READ, needArray, needString, topObject, type FormatReader } from './checks.js';

const SPEC_VERSION = /^\d+\.\d+$/;

/**
 * AI Catalog (Agent-Card/ai-catalog `specification/ai-catalog.md`): `specVersion` ("Major.Minor") and `entries`;
 * each entry an `identifier`, its media type, and exactly one of `url` or `data`. The media type member is
 * `mediaType` in the catalog specification and `type` in MCP's discovery draft (ADR 0014): either counts.
 * `displayName`, required by the catalog specification but absent from MCP's examples, is not required here.
 */
export const readAiCatalog: FormatReader = (doc) => {
  const problems: string[] = [];
  const catalog = topObject(doc, problems);
  if (!catalog) return problems;
  if (needString(catalog, 'specVersion', problems) && !SPEC_VERSION.test(catalog.specVersion as string)) {
    problems.push(`\`specVersion\` "${String(catalog.specVersion).slice(0, 20)}" is not "Major.Minor"`);
  }
  const entries = needArray(catalog, 'entries', problems);
  entries?.slice(0, MAX_ENTRIES_READ).forEach((entry, i) => {
    const where = `entries[${i}].`;
    if (!isObject(entry)) return problems.push(`\`entries[${i}]\` is not an object`);
    needString(entry, 'identifier', problems, where);
    if (entry.mediaType === undefined && entry.type === undefined) problems.push(`\`${where}mediaType\` is missing`);
    else needString(entry, entry.mediaType !== undefined ? 'mediaType' : 'type', problems, where);
    const hasUrl = entry.url !== undefined;
    const hasData = entry.data !== undefined;
    if (hasUrl === hasData) problems.push(`\`entries[${i}]\` needs exactly one of \`url\` and \`data\``);
    else if (hasUrl) needString(entry, 'url', problems, where);
  });
  return problems;
};
