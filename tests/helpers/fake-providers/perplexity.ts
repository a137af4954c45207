/** Perplexity Sonar bodies as the real API sends them (docs/research/answer-engines.md#perplexity), including its HTML 401. */
import type { FakeReply, RecordedRequest } from './fake-server.js';

export const perplexityPromptOf = (r: RecordedRequest): string | undefined => r.body?.messages?.[0]?.content;

/** A Sonar answer whose sources (search_results, mirrored in citations) are these, in order. */
export function perplexityAnswer(urls: string[], options: { citationsOnly?: boolean } = {}): FakeReply {
  const json: Record<string, unknown> = {
    id: '3c2b5f9e-8d1a-4c7b-9f0e-2a6d4b8c1e3f',
    model: 'sonar',
    created: 1760000000,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: { role: 'assistant', content: `For small agencies, ${urls.map((_, i) => `option [${i + 1}]`).join(' and ')} stand out.` },
      },
    ],
    citations: urls,
    usage: {
      prompt_tokens: 12,
      completion_tokens: 210,
      total_tokens: 222,
      search_context_size: 'low',
      citation_tokens: null,
      num_search_queries: 1,
      cost: { input_tokens_cost: 0.0, output_tokens_cost: 0.0002, request_cost: 0.005, total_cost: 0.0052 },
    },
  };
  if (!options.citationsOnly) {
    json.search_results = urls.map((url, i) => ({
      title: `Result ${i + 1}`,
      url,
      date: i === 0 ? '2025-06-01' : null,
      last_updated: i === 0 ? '2026-07-30' : null,
      snippet: 'A comparison of project management tools…',
      source: 'web',
    }));
  }
  return { json };
}

/** No sources at all and no search query counted. */
export function perplexityNoSources(): FakeReply {
  return {
    json: {
      id: 'a1',
      model: 'sonar',
      created: 1760000000,
      object: 'chat.completion',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hello! How can I help?' } }],
      usage: { prompt_tokens: 3, completion_tokens: 8, total_tokens: 11, num_search_queries: 0 },
    },
  };
}

/** The real 401: an openresty HTML page, not JSON (perplexityai/api-discussion#281). */
export function perplexityHtmlUnauthorized(): FakeReply {
  return {
    status: 401,
    headers: { 'content-type': 'text/html' },
    text: '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>openresty/1.25.3.1</center>\r\n</body>\r\n</html>\r\n',
  };
}

export function perplexityInvalidModel(): FakeReply {
  return {
    status: 400,
    json: {
      error: {
        message: "Invalid model 'x'. Permitted models can be found in the documentation at https://docs.perplexity.ai/guides/model-cards.",
        type: 'invalid_model',
        code: 400,
      },
    },
  };
}

export function perplexityRateLimited(): FakeReply {
  return { status: 429, json: { error: { message: 'Rate limit exceeded', type: 'rate_limit_exceeded', code: 429 } } };
}
