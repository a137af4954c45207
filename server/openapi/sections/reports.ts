/** Client reports, branding, share links and diffs in the OpenAPI document (docs/api-decisions.md#reports-shares-and-diffs). */
import { auditDiffEnvelopeSchema, auditDiffSchema, categoryChangeSchema, issueRefSchema } from '../../../shared/schema/audit-diff.js';
import {
  brandingEnvelopeSchema,
  brandingSchema,
  createdShareSchema,
  createShareRequestSchema,
  putBrandingRequestSchema,
  shareEnvelopeSchema,
  shareListSchema,
  shareSummarySchema,
} from '../../../shared/schema/reports.js';
import { REPORT_CSP } from '../../../shared/report/components/ReportDocument.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Reports';

const reportParams = [
  {
    name: 'format',
    in: 'query',
    description: '`html` (default): one self-contained file; `pdf`: the same report printed by headless Chromium.',
    schema: { type: 'string', enum: ['html', 'pdf'], default: 'html' },
  },
  {
    name: 'paper',
    in: 'query',
    description: 'The paper the print CSS and the PDF use.',
    schema: { type: 'string', enum: ['a4', 'letter'], default: 'a4' },
  },
  {
    name: 'lang',
    in: 'query',
    description:
      "The report's language: `en`, `de`, `fr` or `es`, or a tag with one as its primary subtag (`de-AT`). Without it: the branding's `language`, then Accept-Language, then English. Another value is a 400 on the API; a share page shows the report in the language it would otherwise have, with a note.",
    schema: { type: 'string', examples: ['de', 'de-AT'] },
  },
];

const reportHeaders = {
  'Content-Security-Policy': { description: `\`${REPORT_CSP}\`: the report loads nothing and runs no script.`, schema: { type: 'string' } },
};

/** 200: the report, as HTML or PDF. */
const reportResponse = (description: string, extraHeaders: Record<string, unknown> = {}) => ({
  description,
  headers: { ...reportHeaders, ...extraHeaders },
  content: {
    'text/html': { schema: { type: 'string' } },
    'application/pdf': { schema: { type: 'string', format: 'binary' } },
  },
});

const pdfUnavailable = errorResponse(
  '`format=pdf` only: Chromium is missing (the message names CHROMIUM_PATH), every printing slot is busy, or printing took longer than PDF_TIMEOUT (with Retry-After).',
  { 'Retry-After': 'Retry-After' },
);

const pdfLaneBusy = errorResponse(
  '`format=pdf` only: this account (or, for a share link, this link) already has its share of the PDFs being printed; retry after Retry-After (10 s). Slots go round-robin across accounts and their links, and a report printed before is served again without printing.',
  { 'Retry-After': 'Retry-After' },
);

const shareNeedsPublicUrl = errorResponse(
  'PUBLIC_URL is not set and the request did not reach the server over loopback: a link is never built from the Host header of a request from another machine. Set PUBLIC_URL.',
);

const shareThrottled = errorResponse(
  'More than 120 requests a minute from this address, or 600 for this link (`Rate limit exceeded: ...`); or, `format=pdf`, the link or its account already has its share of the PDFs being printed. With Retry-After.',
  { 'Retry-After': 'Retry-After' },
);

const auditIdParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The audit id (a lowercase UUID).',
  schema: { type: 'string', format: 'uuid' },
};

const crawlIdParam = { ...auditIdParam, description: 'The crawl id (a lowercase UUID).' };

export const reportsSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      'What an agency hands its client: self-contained HTML and PDF reports with its branding, read-only share links, and what changed between two audits.',
  },
  schemas: {
    Branding: brandingSchema,
    BrandingEnvelope: brandingEnvelopeSchema,
    PutBrandingRequest: putBrandingRequestSchema,
    CreateShareRequest: createShareRequestSchema,
    CreatedShare: createdShareSchema,
    ShareEnvelope: shareEnvelopeSchema,
    ShareSummary: shareSummarySchema,
    ShareList: shareListSchema,
    AuditDiff: auditDiffSchema,
    AuditDiffEnvelope: auditDiffEnvelopeSchema,
    CategoryChange: categoryChangeSchema,
    IssueRef: issueRefSchema,
  },
  paths: {
    '/api/v1/audits/{id}/diff': {
      get: {
        operationId: 'diffAudit',
        tags: [TAG],
        summary: 'What changed since an earlier audit',
        description:
          "Compares the audit with `against`: `previous` (the default), the account's latest earlier audit of the same page (an audit whose `url` or `final_url` equals this one's `url` or `final_url`, scanned before it), or another audit id of the account. " +
          'Issues are matched by rule id: a rule whose severity or wording changed is neither new nor fixed. A category "n/a" on a side reads `null` there, and its `delta` is `null`. ' +
          '`crawlers` lists the agents checked in both audits whose robots.txt verdict changed; `webmcp` is always present.',
        security: [{ bearerAuth: [] }],
        parameters: [
          auditIdParam,
          {
            name: 'against',
            in: 'query',
            description: '`previous` or the id of the audit to compare against.',
            schema: { type: 'string', default: 'previous', anyOf: [{ const: 'previous' }, { format: 'uuid' }] },
          },
        ],
        responses: {
          '200': jsonResponse('The diff, from the audit compared against to this one.', 'AuditDiffEnvelope'),
          ...authErrors('`against` is neither `previous` nor a UUID, or is given twice.'),
          '404': errorResponse(
            'No such audit for this account, no audit with the `against` id, or (`previous`) no earlier audit of this page.',
          ),
        },
      },
    },

    '/api/v1/audits/{id}/report': {
      get: {
        operationId: 'getAuditReport',
        tags: [TAG],
        summary: 'The client report of an audit (HTML or PDF)',
        description:
          'A report for a client who is not technical: the score with its cap explained, the critical issues with their advice first, the categories ("n/a" where nothing applied), the crawler table, llms.txt, WebMCP and agent discovery, and the page\'s score over the account\'s earlier audits of it. ' +
          "The HTML is one file with no script and no external request of any kind (styles inline, charts as inline SVG, the logo a `data:` URL); it prints on A4 and Letter without splitting an issue. The PDF carries page numbers. Both carry the account's branding.",
        security: [{ bearerAuth: [] }],
        parameters: [auditIdParam, ...reportParams],
        responses: {
          '200': reportResponse('The report.'),
          ...authErrors('`format`, `paper` or `lang` not one of their values, or given twice.'),
          '404': errorResponse('No audit with this id for this account.'),
          '429': pdfLaneBusy,
          '503': pdfUnavailable,
        },
      },
    },
    '/api/v1/audits/{id}/share': {
      post: {
        operationId: 'shareAudit',
        tags: [TAG],
        summary: "Create a read-only share link to an audit's report",
        description:
          'The link (`{PUBLIC_URL}/r/{token}`, a token of 190 random bits) opens the report without a key until it expires or is revoked (DELETE /shares/{id}). ' +
          'It is shown only in this answer: only its SHA-256 is stored. The body is optional.',
        security: [{ bearerAuth: [] }],
        parameters: [auditIdParam],
        requestBody: { required: false, description: 'At most 4 KB.', content: jsonContent(schemaRef('CreateShareRequest')) },
        responses: {
          '201': jsonResponse('The share link.', 'ShareEnvelope'),
          ...authErrors(
            'Malformed JSON, an unknown member, or `expires_in_days` not an integer from 1 to 90; the target already has 20 live share links or the account 1,000; without PUBLIC_URL, a Host header that is not a plain host[:port].',
          ),
          '404': errorResponse('No audit with this id for this account.'),
          '413': errorResponse('Body larger than 4 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '503': shareNeedsPublicUrl,
        },
      },
    },
    '/api/v1/crawls/{id}/report': {
      get: {
        operationId: 'getCrawlReport',
        tags: [TAG],
        summary: 'The client report of a site audit (HTML or PDF)',
        description:
          "The site's score and categories, the issues by pages affected (with the advice of one page for each critical issue), the templates, the worst pages, the site-level findings, and the site's score over the account's earlier crawls of the same URL. " +
          "Self-contained like the audit report; both carry the account's branding.",
        security: [{ bearerAuth: [] }],
        parameters: [crawlIdParam, ...reportParams],
        responses: {
          '200': reportResponse('The report.'),
          ...authErrors('`format`, `paper` or `lang` not one of their values, or given twice.'),
          '404': errorResponse('No crawl with this id for this account.'),
          '429': pdfLaneBusy,
          '503': pdfUnavailable,
        },
      },
    },
    '/api/v1/crawls/{id}/share': {
      post: {
        operationId: 'shareCrawl',
        tags: [TAG],
        summary: "Create a read-only share link to a site audit's report",
        description:
          "As for audits: `{PUBLIC_URL}/r/{token}` opens the crawl's report (without earlier scores) until it expires or is revoked. The body is optional.",
        security: [{ bearerAuth: [] }],
        parameters: [crawlIdParam],
        requestBody: { required: false, description: 'At most 4 KB.', content: jsonContent(schemaRef('CreateShareRequest')) },
        responses: {
          '201': jsonResponse('The share link.', 'ShareEnvelope'),
          ...authErrors(
            'Malformed JSON, an unknown member, or `expires_in_days` not an integer from 1 to 90; the target already has 20 live share links or the account 1,000; without PUBLIC_URL, a Host header that is not a plain host[:port].',
          ),
          '404': errorResponse('No crawl with this id for this account.'),
          '413': errorResponse('Body larger than 4 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '503': shareNeedsPublicUrl,
        },
      },
    },
    '/api/v1/shares': {
      get: {
        operationId: 'listShares',
        tags: [TAG],
        summary: 'List live share links',
        description:
          "The account's share links that are neither revoked nor expired, newest first. Their URLs are not listed: the token was shown once, at creation.",
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The share links.', 'ShareList'), ...authErrors() },
      },
    },
    '/api/v1/shares/{id}': {
      delete: {
        operationId: 'revokeShare',
        tags: [TAG],
        summary: 'Revoke a share link',
        description: 'From now on the link answers 404.',
        security: [{ bearerAuth: [] }],
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'The share id.',
            schema: { type: 'string', pattern: '^shr_[A-Za-z0-9]{16}$' },
          },
        ],
        responses: {
          '204': { description: 'Revoked.' },
          ...authErrors(),
          '404': errorResponse("No live share with this id for this account (revoked already, or another account's)."),
        },
      },
    },
    '/api/v1/branding': {
      get: {
        operationId: 'getBranding',
        tags: [TAG],
        summary: "The account's report branding",
        description: 'Every member is null until PUT /branding sets it.',
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The branding.', 'BrandingEnvelope'), ...authErrors() },
      },
      put: {
        operationId: 'putBranding',
        tags: [TAG],
        summary: "Set the account's report branding",
        description:
          'Replaces the branding as a whole: a member left out (or null) is cleared. `name` 1 to 100 characters; `accent` `#rrggbb`; `logo` a `data:` URL of a PNG, JPEG or SVG of at most 200 KB. ' +
          'A PNG or JPEG must be what it says (its bytes are checked). An SVG is sanitised with DOMPurify and stored sanitised: no script, no event handler, no foreignObject, and no reference outside the file (every href and CSS url() must point to `#id`); its CSS keeps only presentation properties with plain values. ' +
          'An SVG may nest elements at most 64 deep and hold at most 10,000 of them; it is sanitised in a worker thread with a time and memory budget.',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 300 KB.', content: jsonContent(schemaRef('PutBrandingRequest')) },
        responses: {
          '200': jsonResponse('The branding as stored (the logo as sanitised).', 'BrandingEnvelope'),
          ...authErrors(
            'Malformed JSON, an unknown member, a name that is empty or too long, an accent that is not #rrggbb, or a logo that is not a PNG, JPEG or SVG of at most 200 KB.',
          ),
          '413': errorResponse('Body larger than 300 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '422': errorResponse('An SVG logo too complex to sanitise within its time or memory budget.'),
          '503': errorResponse('Too many logos are being checked at once; Retry-After says when to try again.'),
        },
      },
    },
    '/r/{token}': {
      get: {
        operationId: 'openShareLink',
        tags: [TAG],
        summary: 'A shared report (no key)',
        description:
          "The report a share link opens: the shared audit alone (never another audit, not even earlier scores), with the account's branding. " +
          'Every answer carries `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer`; the report allows no script. Unknown, expired and revoked links are the same 404.',
        security: [],
        parameters: [
          {
            name: 'token',
            in: 'path',
            required: true,
            description: 'The token of the link.',
            schema: { type: 'string', pattern: '^[0-9A-Za-z]{32}$' },
          },
          ...reportParams,
        ],
        responses: {
          '200': reportResponse('The report.', {
            'X-Robots-Tag': { description: '`noindex`', schema: { type: 'string' } },
            'Referrer-Policy': { description: '`no-referrer`', schema: { type: 'string' } },
          }),
          '400': errorResponse('`format` or `paper` not one of their values.'),
          '404': {
            description:
              'No such link, or it expired or was revoked: an HTML page that says the link no longer works, or `{"error": ...}` to a client whose Accept asks for JSON only.',
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/json': { schema: { $ref: '#/components/schemas/Error' } },
            },
          },
          '429': shareThrottled,
          '503': pdfUnavailable,
        },
      },
    },
    '/r/{token}/badge.svg': {
      get: {
        operationId: 'openShareBadge',
        tags: [TAG],
        summary: "A shared audit's or crawl's score as an SVG badge (no key)",
        description:
          'A flat SVG badge, "citable | 72/100", for a README or a dashboard: the score and nothing else (a crawl still running shows its status). ' +
          'A finished audit or crawl is cacheable for 5 minutes (`Cache-Control: public, max-age=300`, less when the link expires sooner); a running crawl is `no-cache`. Every answer has an `ETag`; `If-None-Match` gets 304. ' +
          'Unknown, expired and revoked links answer 404 with a grey "not found" badge. The badge allows no script (`Content-Security-Policy: default-src \'none\'`).',
        security: [],
        parameters: [
          {
            name: 'token',
            in: 'path',
            required: true,
            description: 'The token of the link.',
            schema: { type: 'string', pattern: '^[0-9A-Za-z]{32}$' },
          },
        ],
        responses: {
          '200': {
            description: 'The badge.',
            headers: {
              'Cache-Control': { description: '`public, max-age=300` once final, else `no-cache`.', schema: { type: 'string' } },
              ETag: { description: 'A hash of the badge.', schema: { type: 'string' } },
            },
            content: { 'image/svg+xml': { schema: { type: 'string' } } },
          },
          '304': { description: 'The badge has not changed since the `If-None-Match` ETag.' },
          '404': {
            description: 'No such link, or it expired or was revoked: a grey "not found" badge.',
            content: { 'image/svg+xml': { schema: { type: 'string' } } },
          },
        },
      },
    },
  },
};
