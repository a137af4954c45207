/**
 * The MCP tools, in the order clients list them (docs/api-decisions.md#mcp-server). A new tool is one file in this
 * folder (defineTool) and one entry here; a tool whose backend part is optional names it in
 * `availableWith`, and stays unlisted until the backend offers it (crawl_site and get_crawl need an account).
 */
import type { McpTool } from '../tool.js';
import { auditUrlTool } from './audit-url.js';
import { getAuditTool } from './get-audit.js';
import { crawlSiteTool } from './crawl-site.js';
import { getCrawlTool } from './get-crawl.js';
import { citationSummaryTool } from './citation-summary.js';
import { listCitationsTool } from './list-citations.js';
import { getFixesTool } from './get-fixes.js';

export const MCP_TOOLS: readonly McpTool[] = [
  auditUrlTool,
  getAuditTool,
  crawlSiteTool,
  getCrawlTool,
  citationSummaryTool,
  listCitationsTool,
  getFixesTool,
];
