/** The MCP tools Citable publishes, in the order tools/list answers them: written out here, not read from the registry. */
export const PUBLISHED_TOOLS: readonly string[] = [
  'audit_url',
  'get_audit',
  'crawl_site',
  'get_crawl',
  'citation_summary',
  'list_citations',
  'get_fixes',
  'crawler_traffic',
];
