/** SerpApi bodies for Google AI Overviews (docs/research/answer-engines.md#google-ai-overviews): inline, deferred with a page_token, and errors. */
import type { FakeReply, RecordedRequest } from './fake-server.js';

/** Scripts are keyed `q:<query>` for the SERP, `token:<page_token>` for the deferred overview and `mode:<query>` for Google AI Mode. */
export const serpapiKeyOf = (r: RecordedRequest): string | undefined => {
  if (r.query.get('engine') === 'google') return `q:${r.query.get('q')}`;
  if (r.query.get('engine') === 'google_ai_overview') return `token:${r.query.get('page_token')}`;
  if (r.query.get('engine') === 'google_ai_mode') return `mode:${r.query.get('q')}`;
  return undefined;
};

const metadata = (engine: string, q?: string) => ({
  search_metadata: {
    id: '66e1c6b2f1b5a4d0c1a2b3c4',
    status: 'Success',
    json_endpoint: 'https://serpapi.com/searches/66e1c6b2f1b5a4d0c1a2b3c4.json',
    total_time_taken: 0.56,
  },
  search_parameters: { engine, ...(q ? { q, hl: 'en', gl: 'us', device: 'desktop' } : {}) },
});

function overview(links: string[]): object {
  return {
    text_blocks: [
      {
        type: 'paragraph',
        snippet: 'Project management tools help agencies …',
        snippet_highlighted_words: ['help agencies'],
        reference_indexes: links.map((_, i) => i),
      },
      { type: 'heading', snippet: 'Top options' },
      { type: 'list', list: [{ title: 'Asana', snippet: 'Good for client work.', reference_indexes: [0] }] },
    ],
    references: links.map((link, index) => ({
      title: `Reference ${index + 1}`,
      link,
      snippet: '…',
      source: new URL(link).hostname,
      index,
    })),
  };
}

const organic = [{ position: 1, title: 'Best PM tools', link: 'https://www.example-review.com/pm-tools', snippet: '…' }];

export function serpInlineOverview(q: string, links: string[]): FakeReply {
  return { json: { ...metadata('google', q), ai_overview: overview(links), organic_results: organic } };
}

export function serpDeferredOverview(q: string, pageToken: string): FakeReply {
  return {
    json: {
      ...metadata('google', q),
      ai_overview: {
        page_token: pageToken,
        serpapi_link: `https://serpapi.com/search.json?engine=google_ai_overview&page_token=${pageToken}`,
      },
      organic_results: organic,
    },
  };
}

export function serpOverviewFollowUp(links: string[]): FakeReply {
  return { json: { ...metadata('google_ai_overview'), ai_overview: overview(links) } };
}

/** [guess] SerpApi's answer to a page_token used after it expired. */
export function serpTokenExpired(): FakeReply {
  return { status: 400, json: { error: 'The page_token has expired. Please make a new search to get a fresh page_token.' } };
}

export function serpNoOverview(q: string): FakeReply {
  return { json: { ...metadata('google', q), organic_results: organic } };
}

export function serpOverviewError(q: string): FakeReply {
  return {
    json: {
      ...metadata('google', q),
      ai_overview: { error: "Can't generate an AI overview right now. Try again later." },
      organic_results: organic,
    },
  };
}

export function serpInvalidKey(): FakeReply {
  return { status: 401, json: { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' } };
}

export function serpOutOfSearches(): FakeReply {
  return { status: 429, json: { error: 'Your account has run out of searches.' } };
}

/** Some quota errors come with HTTP 200. */
export function serpErrorIn200(): FakeReply {
  return { status: 200, json: { error: 'Your searches for the month are exhausted. You can upgrade plans on SerpApi.com website.' } };
}

/**
 * Google AI Mode (serpapi.com/google-ai-mode-api): the answer's `text_blocks` and `references` at the top
 * level, no `ai_overview` wrapper. `paragraphs` become paragraph blocks, then a list citing the first link.
 */
export function serpAiMode(q: string, paragraphs: string[], links: string[]): FakeReply {
  return {
    json: {
      ...metadata('google_ai_mode', q),
      text_blocks: [
        ...paragraphs.map((snippet) => ({ type: 'paragraph', snippet, reference_indexes: links.map((_, i) => i) })),
        { type: 'list', list: [{ title: 'Pricing', snippet: 'Plans start at $12 per seat.', reference_indexes: [0] }] },
      ],
      references: links.map((link, index) => ({
        title: `Reference ${index + 1}`,
        link,
        snippet: '…',
        source: new URL(link).hostname,
        index,
      })),
    },
  };
}
