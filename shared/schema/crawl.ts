/**
 * Site audits (docs/api-decisions.md#crawls): the `crawl` object, a row of its pages list, and the request bodies.
 * One schema per wire type, shared by the API's validation, the OpenAPI document, the MCP tools and
 * `citable crawl --json` (which prints exactly the object the API answers).
 */
import { z } from 'zod';
import { categoryNameSchema, categoryScoreSchema, crawlerVerdictSchema, llmsTxtSummarySchema, severitySchema } from './audit.js';
import { createAuditRequestSchema } from './api.js';

import {
  CRAWL_RENDER_MESSAGE,
  CRAWL_RENDER_MODES,
  CRAWL_STATUSES,
  DEFAULT_MAX_PAGES,
  MAX_PAGES_LIMIT,
  MAX_PAGES_MESSAGE,
} from './crawl-values.js';

export * from './crawl-values.js';
export const crawlRenderSchema = z.enum(CRAWL_RENDER_MODES, { error: CRAWL_RENDER_MESSAGE }).meta({
  description:
    'Pages rendered in headless Chromium, so the rules that compare the server HTML with the rendered page run: `none` (the default), `sample` (the start page and one per URL template) or `all`.',
});

const isoTimestamp = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);
const score = z.number().int().min(0).max(100);

export const crawlProgressSchema = z.strictObject({
  discovered: count.meta({
    description: 'Distinct URLs found so far (the start URL, sitemaps, links): audited + failed + skipped + still to do.',
  }),
  audited: count,
  failed: count.meta({ description: 'Pages that could not be audited (no answer, timeout, ...).' }),
  skipped: count.meta({
    description: 'URLs not fetched: refused by robots.txt, on another host, over max_pages, or left when the crawl stopped.',
  }),
});

export const crawlIssueSchema = z.strictObject({
  rule: z.string(),
  severity: severitySchema,
  category: categoryNameSchema,
  title: z.string(),
  pages: count.meta({ description: 'Audited pages with this issue.' }),
  share: z.number().min(0).max(1).meta({ description: 'pages / audited, 4 decimals.' }),
  examples: z.array(z.string()).max(5),
});

export const crawlTemplateSchema = z.strictObject({
  pattern: z
    .string()
    .meta({ description: 'URL pattern: `/` the home page, `/*` pages one segment deep, `/blog/*` deeper pages under /blog.' }),
  pages: count,
  score,
});

export const crawlSiteIssueSchema = z.strictObject({
  rule: z.string(),
  severity: severitySchema,
  category: categoryNameSchema,
  title: z.string(),
  detail: z.string(),
});

export const crawlSiteSchema = z.strictObject({
  robots_txt: z.strictObject({
    url: z.string(),
    status: z.enum(['found', 'missing', 'unreachable', 'not_text', 'not_checked']),
    citable: z
      .enum(['allowed', 'partly', 'blocked'])
      .meta({ description: 'What robots.txt allows the Citable crawler (its own group, else `*`).' }),
    crawl_delay: z.number().min(0).nullable().meta({ description: 'Seconds between requests asked of Citable (honoured up to 10).' }),
  }),
  llms_txt: llmsTxtSummarySchema,
  sitemaps: z.array(
    z.strictObject({
      url: z.string(),
      status: z.enum(['read', 'missing', 'error', 'invalid']),
      urls: count,
      problems: z.array(z.string()),
    }),
  ),
  crawlers: z.array(crawlerVerdictSchema).meta({ description: 'robots.txt verdict per AI agent, for the start page.' }),
  issues: z
    .array(crawlSiteIssueSchema)
    .meta({ description: 'Site-wide findings (robots.txt, llms.txt, sitemap, opt-out files), judged once on the start page.' }),
  sample: z.strictObject({
    pages: z
      .array(z.string())
      .meta({ description: 'Pages also fetched as AI agents and with Accept: text/markdown: the start page and one per template.' }),
    markdown_served: count.meta({ description: 'Sample pages that answered Accept: text/markdown with Markdown.' }),
    ai_agents_blocked: count.meta({ description: 'Sample pages that refused an AI agent a browser got.' }),
  }),
});

export const crawlSchema = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  status: z.enum(CRAWL_STATUSES),
  max_pages: z.number().int().min(1).max(MAX_PAGES_LIMIT),
  render: crawlRenderSchema,
  created_at: isoTimestamp,
  started_at: isoTimestamp.nullable(),
  finished_at: isoTimestamp.nullable(),
  progress: crawlProgressSchema,
  score: score
    .nullable()
    .meta({ description: "Rounded mean of the audited pages' scores; null while running and when no page was audited." }),
  category_scores: z
    .array(categoryScoreSchema)
    .meta({ description: 'Per category, the rounded mean over the pages where it applied; empty while running.' }),
  builder: z.string().nullable(),
  issues: z.array(crawlIssueSchema).meta({ description: 'One entry per rule that fired on any page: severity, then pages descending.' }),
  templates: z.array(crawlTemplateSchema),
  site: crawlSiteSchema.nullable().meta({ description: 'Site-level findings, judged once; null until the start page is audited.' }),
  error: z.string().nullable().meta({ description: 'Why the crawl failed (status `failed`); null otherwise.' }),
  notes: z.array(z.string()).meta({
    description: 'What a reader should know: why pages were skipped, a deadline or max_pages reached, a host that asked to slow down.',
  }),
});

export const crawlEnvelopeSchema = z.strictObject({ crawl: crawlSchema });

export const crawlSummarySchema = crawlSchema.pick({
  id: true,
  url: true,
  status: true,
  max_pages: true,
  created_at: true,
  finished_at: true,
  progress: true,
  score: true,
});

export const crawlListSchema = z.strictObject({
  crawls: z.array(crawlSummarySchema),
  next_cursor: z.string().nullable(),
});

export const crawlPageSchema = z.strictObject({
  url: z.string(),
  audit_id: z.uuid().nullable().meta({ description: 'The page audit (GET /audits/{id}); null when the page could not be audited.' }),
  score: score.nullable(),
  http_status: z.number().int().nullable(),
  critical: z.boolean().meta({ description: 'The page has a critical issue.' }),
  error: z.string().nullable().meta({ description: 'Why the page could not be audited; null when it was.' }),
  audit_expired: z
    .literal(true)
    .optional()
    .meta({ description: 'Present when the page audit was removed by the retention period (RETENTION_DAYS); its score and issues stay.' }),
});

export const crawlPageListSchema = z.strictObject({
  pages: z.array(crawlPageSchema),
  next_cursor: z.string().nullable(),
});

export const createCrawlRequestSchema = z.strictObject({
  url: createAuditRequestSchema.shape.url,
  max_pages: z
    .number({ error: MAX_PAGES_MESSAGE })
    .int(MAX_PAGES_MESSAGE)
    .min(1, MAX_PAGES_MESSAGE)
    .max(MAX_PAGES_LIMIT, MAX_PAGES_MESSAGE)
    .optional()
    .meta({ description: `Pages to audit at most (default ${DEFAULT_MAX_PAGES}).` }),
  render: crawlRenderSchema.optional(),
});

export type Crawl = z.infer<typeof crawlSchema>;
export type CrawlProgress = z.infer<typeof crawlProgressSchema>;
export type CrawlIssue = z.infer<typeof crawlIssueSchema>;
export type CrawlTemplate = z.infer<typeof crawlTemplateSchema>;
export type CrawlSite = z.infer<typeof crawlSiteSchema>;
export type CrawlSummary = z.infer<typeof crawlSummarySchema>;
export type CrawlPage = z.infer<typeof crawlPageSchema>;
export type CreateCrawlRequest = z.infer<typeof createCrawlRequestSchema>;
