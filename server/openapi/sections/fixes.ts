/** Fixes in the OpenAPI document (docs/fixes.md): what to put on the site for an audit's or a crawl's issues. */
import { FIXES_PER_MINUTE, fixListSchema, fixPolicySchema, fixSchema, headPreviewSchema } from '../../../shared/schema/fixes.js';
import { authErrors, errorResponse, jsonResponse, rateLimitHeaders } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Fixes';

const policyParam = {
  name: 'policy',
  in: 'query',
  description:
    'What the robots.txt fix may change: `keep-training-choices` (default) lets AI search and user-triggered agents in and leaves training crawlers as the site chose; `allow-all` lets training crawlers in too; `block-training` keeps them out. No policy ever refuses a search or user agent.',
  schema: { type: 'string', enum: fixPolicySchema.options, default: 'keep-training-choices' },
};

const idParam = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what} id (a lowercase UUID).`,
  schema: { type: 'string', format: 'uuid' },
});

const responses = (what: string) => ({
  '200': jsonResponse(`The fixes, each tied to the rules of the ${what} it makes pass.`, 'FixList', rateLimitHeaders),
  ...authErrors('`policy` is not one of the three, or is given twice.'),
  '404': errorResponse(`No ${what} with this id for this account (unknown, malformed, or another account's).`),
  '429': errorResponse(`More than ${FIXES_PER_MINUTE} fix requests in a minute by this account.`, {
    ...rateLimitHeaders,
    'Retry-After': 'Retry-After',
  }),
});

const COMMON =
  'Each fix is a whole file to publish (`kind: file`, at `path`), markup for a page (`snippet`, with the head before and after in `preview` when it goes in `<head>`), or a server or CDN example (`config`, `path` null). ' +
  'Contents come from the site as it answers now, read through the same address guard as audits: values the site does not state are marked `[FILL IN: ...]`, never invented. ' +
  '`id` is stable for the same problem on the same target, so `GET /audits/{id}/diff` can list the fixes applied since (`fixes_applied`).';

export const fixesSection: OpenApiSection = {
  tag: { name: TAG, description: 'What exactly to put on the site: files, snippets and configuration that fix the issues found.' },
  schemas: { Fix: fixSchema, FixList: fixListSchema, HeadPreview: headPreviewSchema },
  paths: {
    '/api/v1/audits/{id}/fixes': {
      get: {
        operationId: 'getAuditFixes',
        tags: [TAG],
        summary: "Fixes for an audit's issues",
        description: `robots.txt, llms.txt and llms-full.txt (the page and the pages it links to), head tags, JSON-LD, the page's Markdown version and link, Markdown delivery examples, and agent discovery files where the site has what they describe. ${COMMON}`,
        security: [{ bearerAuth: [] }],
        parameters: [idParam('audit'), policyParam],
        responses: responses('audit'),
      },
    },
    '/api/v1/crawls/{id}/fixes': {
      get: {
        operationId: 'getCrawlFixes',
        tags: [TAG],
        summary: "Fixes for a site audit's issues",
        description: `Site files from every page the crawl audited (robots.txt, llms.txt sectioned by URL pattern with each page's own description, llms-full.txt), the start page's snippets, and the examples. ${COMMON}`,
        security: [{ bearerAuth: [] }],
        parameters: [idParam('crawl'), policyParam],
        responses: responses('crawl'),
      },
    },
  },
};
