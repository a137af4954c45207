/**
 * Every section of the OpenAPI document, in order. The citation routes (GET /citations, GET/POST
 * /prompts, DELETE /prompts/{id}, POST /citations/checks) add one section here, beside their route module.
 */
import type { OpenApiSection } from '../types.js';
import { auditsSection } from './audits.js';
import { citationsSection } from './citations.js';
import { crawlsSection } from './crawls.js';
import { fixesSection } from './fixes.js';
import { projectsSection } from './projects.js';
import { mcpSection } from './mcp.js';
import { metaSection } from './meta.js';
import { reportsSection } from './reports.js';
import { monitorsSection } from './monitors.js';
import { webhooksSection } from './webhooks.js';

export const OPENAPI_SECTIONS: readonly OpenApiSection[] = [
  auditsSection,
  reportsSection,
  projectsSection,
  citationsSection,
  crawlsSection,
  fixesSection,
  monitorsSection,
  webhooksSection,
  mcpSection,
  metaSection,
];
