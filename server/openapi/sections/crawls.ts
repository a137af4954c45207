/** The site-audit routes in the OpenAPI document (docs/api-decisions.md#crawls). */
import {
  crawlEnvelopeSchema,
  crawlIssueSchema,
  crawlListSchema,
  crawlPageListSchema,
  crawlPageSchema,
  crawlProgressSchema,
  crawlSchema,
  crawlSiteSchema,
  crawlSummarySchema,
  crawlTemplateSchema,
  createCrawlRequestSchema,
} from '../../../shared/schema/crawl.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const crawlIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The crawl id (a lowercase UUID).',
  schema: { type: 'string', format: 'uuid' },
};
const notFound = errorResponse('Unknown or malformed id, or another account\'s crawl: `{"error": "Crawl not found"}`.');
const cursorParam = {
  name: 'cursor',
  in: 'query',
  description: '`next_cursor` of the previous page, unchanged (opaque).',
  schema: { type: 'string' },
};

export const crawlsSection: OpenApiSection = {
  tag: {
    name: 'Site audits',
    description:
      'Crawl a site and audit every page found (sitemaps, then links on the same host), up to `max_pages`, politely: robots.txt obeyed for the `Citable` token (else `*`), ' +
      '`Crawl-delay` honoured up to 10 s, at most CRAWL_HOST_CONCURRENCY requests to a host at once, 429 and 503 answered with a pause (`Retry-After`). ' +
      'Site files are fetched once per crawl; AI-agent and Markdown probes run on a sample (the start page and one page per URL template). ' +
      'Every page audit is stored as an ordinary audit (`origin: "crawl"`, `crawl_id`), readable with GET /audits/{id}.',
  },
  schemas: {
    Crawl: crawlSchema,
    CrawlEnvelope: crawlEnvelopeSchema,
    CrawlProgress: crawlProgressSchema,
    CrawlIssue: crawlIssueSchema,
    CrawlTemplate: crawlTemplateSchema,
    CrawlSite: crawlSiteSchema,
    CrawlSummary: crawlSummarySchema,
    CrawlList: crawlListSchema,
    CrawlPage: crawlPageSchema,
    CrawlPageList: crawlPageListSchema,
    CreateCrawlRequest: createCrawlRequestSchema,
  },
  paths: {
    '/api/v1/crawls': {
      post: {
        operationId: 'createCrawl',
        tags: ['Site audits'],
        summary: 'Start a site audit',
        description:
          'Queues a crawl of the site at `url` (a bare host is accepted) and answers at once with the crawl (`status: "queued"`); poll GET /crawls/{id}. ' +
          'The start page is audited first. A start page that cannot be fetched (DNS, refused, a private or reserved address, a redirect to another site) ends the crawl `failed` with `error`. ' +
          'At most 2 crawls of an account are queued or running at once.',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('CreateCrawlRequest')) },
        responses: {
          '202': jsonResponse('The crawl, queued.', 'CrawlEnvelope', { Location: 'Location' }),
          ...authErrors('Malformed JSON, `url` missing or invalid (as for POST /audits), or `max_pages` not an integer from 1 to 10,000.'),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '429': errorResponse(
            'The account already has 2 crawls queued or running: `{"error": "Rate limit exceeded: max 2 running crawls"}`.',
            { 'Retry-After': 'Retry-After' },
          ),
        },
      },
      get: {
        operationId: 'listCrawls',
        tags: ['Site audits'],
        summary: 'List site audits',
        description: "The caller's crawls, newest first, as summaries. Follow `next_cursor` for the next page.",
        security: [{ bearerAuth: [] }],
        parameters: [
          {
            name: 'limit',
            in: 'query',
            description: 'Page size, 1 to 100 (default 20).',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          cursorParam,
        ],
        responses: {
          '200': jsonResponse('A page of crawl summaries.', 'CrawlList'),
          ...authErrors('`limit` out of range, `cursor` not one this server made, or a parameter given twice.'),
        },
      },
    },
    '/api/v1/crawls/{id}': {
      get: {
        operationId: 'getCrawl',
        tags: ['Site audits'],
        summary: 'Read a site audit',
        description:
          'While it runs: `status` and `progress` (discovered, audited, failed, skipped). Once it has ended: the rollup, `score` (mean of the pages), `category_scores` ' +
          '(mean over the pages where each applied), `issues` by rule with `pages`, `share` and `examples`, `templates` by URL pattern, `site` (the site-level findings, judged once) and `notes`.',
        security: [{ bearerAuth: [] }],
        parameters: [crawlIdParam],
        responses: { '200': jsonResponse('The crawl.', 'CrawlEnvelope'), ...authErrors(), '404': notFound },
      },
      delete: {
        operationId: 'cancelCrawl',
        tags: ['Site audits'],
        summary: 'Cancel a site audit',
        description:
          'Cancels a queued or running crawl: `status: "cancelled"`, with the rollup of the pages audited so far. A crawl that has ended is returned unchanged.',
        security: [{ bearerAuth: [] }],
        parameters: [crawlIdParam],
        responses: { '200': jsonResponse('The crawl.', 'CrawlEnvelope'), ...authErrors(), '404': notFound },
      },
    },
    '/api/v1/crawls/{id}/pages': {
      get: {
        operationId: 'listCrawlPages',
        tags: ['Site audits'],
        summary: 'List the pages of a site audit',
        description:
          "The crawl's pages in the order they were audited: `{url, audit_id, score, http_status, critical, error}`. `rule` keeps the pages that have an issue of that rule.",
        security: [{ bearerAuth: [] }],
        parameters: [
          crawlIdParam,
          {
            name: 'limit',
            in: 'query',
            description: 'Page size, 1 to 500 (default 20).',
            schema: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
          },
          cursorParam,
          {
            name: 'rule',
            in: 'query',
            description: "A rule id, as in the crawl's `issues[].rule` (such as `content.title`).",
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': jsonResponse("A page of the crawl's pages.", 'CrawlPageList'),
          ...authErrors('`limit` out of range, `cursor` not one this server made, `rule` not a rule id, or a parameter given twice.'),
          '404': notFound,
        },
      },
    },
    '/api/v1/crawls/{id}/pages.csv': {
      get: {
        operationId: 'exportCrawlPages',
        tags: ['Site audits'],
        summary: 'Export the pages of a site audit as CSV',
        description:
          'Every page of the crawl (or, with `rule`, every page with an issue of that rule) as CSV, streamed as it is read: RFC 4180 (a header row, ' +
          "CRLF, fields with a comma, a quote or a line break quoted), UTF-8, text cells that start with `=`, `+`, `-` or `@` prefixed with `'`. " +
          'Columns: `url`, `score`, `http_status`, `critical`, `audit_id`, `error`.',
        security: [{ bearerAuth: [] }],
        parameters: [
          crawlIdParam,
          {
            name: 'rule',
            in: 'query',
            description: "A rule id, as in the crawl's `issues[].rule` (such as `content.title`).",
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'The pages, one CSV record each, after a header row.',
            headers: {
              'Content-Disposition': { description: '`attachment; filename="crawl-{id}-pages.csv"`', schema: { type: 'string' } },
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...authErrors('`rule` not a rule id, or a parameter given twice.'),
          '404': notFound,
        },
      },
    },
  },
};
