/** crawl_site: POST /crawls for agents (docs/api-decisions.md#crawls and docs/api-decisions.md#mcp-server). Starts a site audit; get_crawl follows it. */
import { z } from 'zod';
import { crawlEnvelopeSchema, crawlRenderSchema, DEFAULT_MAX_PAGES, MAX_PAGES_LIMIT } from '../../../shared/schema/crawl.js';
import { MAX_URL_LENGTH } from '../../../shared/url/normalize.js';
import { defineTool } from '../tool.js';

export const crawlSiteTool = defineTool({
  name: 'crawl_site',
  title: 'Audit a whole site for AI answer engines',
  description:
    'Starts a site audit: pages found from the sitemaps and same-site links, each audited once, politely (robots.txt for Citable, Crawl-delay). ' +
    'Answers {crawl} at once with status "queued"; call get_crawl with its id until status is complete, cancelled or failed (a 100-page site takes about a minute). ' +
    'The finished crawl has the site score, category scores, issues by pages affected (pages, share, example URLs), templates and site-level findings. ' +
    'At most 2 running crawls per account.',
  input: z.strictObject({
    url: z.string().max(MAX_URL_LENGTH).describe('The start page: an http(s) URL, or a bare host such as example.com.'),
    max_pages: z.number().int().min(1).max(MAX_PAGES_LIMIT).optional().describe(`Pages to audit at most (default ${DEFAULT_MAX_PAGES}).`),
    render: crawlRenderSchema.optional(),
  }),
  output: crawlEnvelopeSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  writes: 'it starts and stores a site audit',
  availableWith: (backend) => backend.crawlSite !== undefined,
  run: async (input, backend) => ({ crawl: await backend.crawlSite!(input) }),
});
