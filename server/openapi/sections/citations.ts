/** The citation-tracking routes in the OpenAPI document (docs/api-decisions.md#http-api and docs/api-decisions.md#citation-tracking). */
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import {
  citationCheckEnvelopeSchema,
  citationCheckSchema,
  citationListSchema,
  citationResultSchema,
  startCheckRequestSchema,
} from '../../../shared/schema/citation.js';
import { createPromptRequestSchema, promptEnvelopeSchema, promptListSchema, promptSchema } from '../../../shared/schema/prompt.js';
import { ENGINE_LIST } from '../../citations/engines/index.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, rateLimitHeaders, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';
import { citationIntelligence } from './citation-intelligence.js';

const TAG = 'Citations';

const idParam = (description: string, pattern: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', pattern },
});

export const citationsSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      `Tracked prompts and whether ${ENGINE_LIST.length} AI answer engines cite the tracked site when asked them: ` +
      `${ENGINE_LIST.map((e) => `\`${e.id}\` (${e.api})`).join(', ')}. ` +
      "Results are measured through the providers' APIs (`surface: api`) or a SERP API reading Google's page (`surface: serp`), which can differ from the consumer apps. " +
      'CITATION_ENGINES chooses which engines run (default the first five). ' +
      'Every prompt is checked every CITATION_INTERVAL (default 24 h); POST /citations/checks checks now. ' +
      '"Cited" means among the citations the engine shows, not merely among the sources it retrieved (see `retrieved`). ' +
      'A citation matches when its host is the tracked domain, one of its aliases, or a subdomain of one (Public Suffix List aware), ' +
      'after unwrapping Google redirect, AMP cache, Google Translate and Gemini grounding links and ignoring scheme, fragment and tracking parameters.',
  },
  schemas: {
    Prompt: promptSchema,
    PromptEnvelope: promptEnvelopeSchema,
    PromptList: promptListSchema,
    CreatePromptRequest: createPromptRequestSchema,
    CitationResult: citationResultSchema,
    CitationList: citationListSchema,
    CitationCheck: citationCheckSchema,
    CitationCheckEnvelope: citationCheckEnvelopeSchema,
    StartCheckRequest: startCheckRequestSchema,
    ...citationIntelligence.schemas,
  },
  paths: {
    '/api/v1/prompts': {
      get: {
        operationId: 'listPrompts',
        tags: [TAG],
        summary: 'List tracked prompts',
        description: "All of the caller's prompts, oldest first (at most CITATION_PROMPT_LIMIT, default 500, so there is no paging).",
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The prompts.', 'PromptList'), ...authErrors() },
      },
      post: {
        operationId: 'createPrompt',
        tags: [TAG],
        summary: 'Track a prompt',
        description:
          "`text` (1 to 500 characters after trimming) is asked of every engine. With `project_id` the prompt belongs to that project: it tracks the project's domain and aliases " +
          "(given ones must be the same) and its answers are read for the project's brand and competitors. Otherwise `domain` is the tracked site: a host name such as `acme.com` or `docs.acme.com` " +
          '(stored lower case, in punycode, without a leading `www.`); a public suffix shared by unrelated sites (`co.uk`, `github.io`) is refused. ' +
          '`aliases` (up to 10) are other hosts that count as the same site. `runs` (1 to 5) is how many times each engine is asked per check; ' +
          'answers vary, so several runs give a citation rate (`cited_runs` of `runs`). Without it (or `null`) the server default (CITATION_RUNS, default 1) applies. ' +
          'A prompt as GET answers it can be sent back (`id` and `created_at` are ignored).',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 16 KB.', content: jsonContent(schemaRef('CreatePromptRequest')) },
        responses: {
          '201': jsonResponse('The prompt is tracked; it is checked at the next scheduler pass (within a minute).', 'PromptEnvelope', {
            Location: 'Location',
          }),
          ...authErrors(
            "Malformed JSON, an unknown member, text empty or too long, a domain or alias that is not a registrable host, more than 10 aliases, runs out of range, or the account's prompt limit reached.",
          ),
          '409': errorResponse('The account already tracks the same text for the same domain.'),
          '413': errorResponse('Body larger than 16 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
        },
      },
    },
    '/api/v1/prompts/{id}': {
      get: {
        operationId: 'getPrompt',
        tags: [TAG],
        summary: 'Read a prompt',
        description: "The `Location` of `POST /prompts`. A prompt of a project shows the project's current domain and aliases.",
        security: [{ bearerAuth: [] }],
        parameters: [idParam('The prompt id.', '^prm_[A-Za-z0-9]{16}$')],
        responses: {
          '200': jsonResponse('The prompt.', 'PromptEnvelope'),
          ...authErrors(),
          '404': errorResponse("No prompt with this id for this account (another account's prompt is 404 too)."),
        },
      },
      delete: {
        operationId: 'deletePrompt',
        tags: [TAG],
        summary: 'Stop tracking a prompt',
        description: 'Its results leave every listing.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam('The prompt id.', '^prm_[A-Za-z0-9]{16}$')],
        responses: {
          '204': { description: 'Deleted.' },
          ...authErrors(),
          '404': errorResponse("No prompt with this id for this account (another account's prompt is 404 too)."),
        },
      },
    },
    '/api/v1/citations': {
      get: {
        operationId: 'listCitations',
        tags: [TAG],
        summary: 'Citation results',
        description:
          "By default the latest result per (prompt, engine) of the caller's prompts: prompts oldest first, engines in the order " +
          `${CITATION_ENGINE_IDS.join(', ')}. With \`history=true\`, every stored result, newest first. ` +
          '`status` says what `cited: false` means: `ok` (the engine answered with search and did not cite the site), `no_search` (the model did not search), ' +
          '`no_ai_overview` (Google showed no AI Overview), `not_configured` (no API key on the server), `error` (with `error`, the reason). ' +
          '`position` is the 1-based rank of the first matching citation among the distinct pages the engine showed (the best over the runs). ' +
          '`cited` is true when at least one run cited the site.',
        security: [{ bearerAuth: [] }],
        parameters: [
          { name: 'engine', in: 'query', description: 'Only this engine.', schema: { type: 'string', enum: [...CITATION_ENGINE_IDS] } },
          {
            name: 'prompt_id',
            in: 'query',
            description: 'Only this prompt.',
            schema: { type: 'string', pattern: '^prm_[A-Za-z0-9]{16}$' },
          },
          { name: 'domain', in: 'query', description: 'Only prompts tracking this domain.', schema: { type: 'string' } },
          {
            name: 'since',
            in: 'query',
            description: 'Only results checked at or after this ISO 8601 date or date-time.',
            schema: { type: 'string' },
          },
          {
            name: 'history',
            in: 'query',
            description: 'Every stored result instead of the latest per (prompt, engine).',
            schema: { type: 'boolean', default: false },
          },
          {
            name: 'limit',
            in: 'query',
            description: 'Page size, 1 to 100 (default 20).',
            schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: 'cursor',
            in: 'query',
            description: '`next_cursor` of the previous page, unchanged (opaque).',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': jsonResponse('A page of results.', 'CitationList'),
          ...authErrors(
            'An unknown engine, a malformed prompt_id, domain or since, limit out of range, a cursor this server did not issue (or from the other history mode), or a parameter given twice.',
          ),
        },
      },
    },
    ...citationIntelligence.paths,
    '/api/v1/citations/checks': {
      post: {
        operationId: 'startCitationCheck',
        tags: [TAG],
        summary: 'Check prompts now',
        description:
          'Asks every engine about every prompt of the account, in the background; follow GET /citations/checks/{id} (`result_count` of `pair_count`), then read GET /citations. ' +
          'No body (or `{}`) checks the whole account, `{"project_id": ...}` the prompts of one project, `{"prompt_id": ...}` one prompt. ' +
          'While a check runs for the account, the same check is returned (whatever it covers), and that answer does not count toward the limit of 10 checks per hour per account. ' +
          "A prompt another running check (the scheduler's) is already checking is skipped (`skipped_prompts`): its results come from that check.",
        security: [{ bearerAuth: [] }],
        requestBody: {
          required: false,
          description: 'Optional; at most 1 KB.',
          content: jsonContent(schemaRef('StartCheckRequest')),
        },
        responses: {
          '202': jsonResponse('The check, running (or completed at once when the account has no prompts).', 'CitationCheckEnvelope', {
            ...rateLimitHeaders,
            Location: 'Location',
          }),
          ...authErrors(
            "Malformed JSON, an unknown member, both project_id and prompt_id, or a project or prompt that is not the account's.",
          ),
          '413': errorResponse('Body larger than 1 KB.'),
          '415': errorResponse('Content-Type is not application/json.'),
          '429': errorResponse('More than 10 checks in an hour for this account.', { ...rateLimitHeaders, 'Retry-After': 'Retry-After' }),
        },
      },
    },
    '/api/v1/citations/checks/{id}': {
      get: {
        operationId: 'getCitationCheck',
        tags: [TAG],
        summary: 'Progress of a check',
        security: [{ bearerAuth: [] }],
        parameters: [idParam('The check id.', '^chk_[A-Za-z0-9]{16}$')],
        responses: {
          '200': jsonResponse('The check.', 'CitationCheckEnvelope'),
          ...authErrors(),
          '404': errorResponse("No check with this id for this account (another account's check is 404 too)."),
        },
      },
    },
  },
};
