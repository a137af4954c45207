import { describe, expect, it } from 'vitest';
import { readCitationConfig } from '../../server/citations/config.js';
import { CITATION_ENGINES } from '../../server/citations/engines/index.js';
import { parseDuration } from '../../server/settings/duration.js';
import { ConfigError } from '../../server/settings/parse.js';

const DEFAULT_MODELS = Object.fromEntries(Object.values(CITATION_ENGINES).map((e) => [e.id, e.defaultModel])) as Record<
  keyof typeof CITATION_ENGINES,
  string
>;

describe('citation configuration from the environment (docs/api-decisions.md#citation-tracking)', () => {
  it('defaults: no keys (not configured), the contract base URLs, model defaults from one place', () => {
    const config = readCitationConfig({});
    expect(Object.fromEntries(Object.entries(config.engines).map(([id, e]) => [id, [e.apiKey, e.baseUrl, e.model]]))).toEqual({
      chatgpt: [null, 'https://api.openai.com/v1', DEFAULT_MODELS.chatgpt],
      perplexity: [null, 'https://api.perplexity.ai', DEFAULT_MODELS.perplexity],
      gemini: [null, 'https://generativelanguage.googleapis.com/v1beta', DEFAULT_MODELS.gemini],
      claude: [null, 'https://api.anthropic.com', DEFAULT_MODELS.claude],
      google_ai_overviews: [null, 'https://serpapi.com', null],
      google_ai_mode: [null, 'https://serpapi.com', null],
    });
    expect(config.enabledEngines).toEqual(['chatgpt', 'perplexity', 'gemini', 'claude', 'google_ai_overviews']);
    expect(config.anthropicVersion).toBe('2023-06-01');
    expect(config).toMatchObject({ concurrency: 2, intervalMs: 86_400_000, defaultRuns: 1, promptLimit: 500, maxAttempts: 4 });
    expect(config.dailyBudget.chatgpt).toBe(500);
    expect(config.geminiRedirectPrefix).toBe('https://vertexaisearch.cloud.google.com/grounding-api-redirect/');
  });

  it('CITATION_ENGINES chooses the engines, in row order; an unknown id or an empty list stops the start', () => {
    expect(readCitationConfig({ CITATION_ENGINES: 'google_ai_mode, chatgpt' }).enabledEngines).toEqual(['chatgpt', 'google_ai_mode']);
    expect(() => readCitationConfig({ CITATION_ENGINES: 'chatgpt,bing' })).toThrow(/CITATION_ENGINES.*unknown: "bing"/);
    expect(() => readCitationConfig({ CITATION_ENGINES: ' , ' })).toThrow(ConfigError);
  });

  it('reads keys, base URLs (trailing slash dropped), models, limits and per-engine budgets', () => {
    const config = readCitationConfig({
      OPENAI_API_KEY: ' sk-live ',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1/',
      OPENAI_MODEL: 'gpt-5.4-mini',
      ANTHROPIC_MODEL: 'claude-sonnet-4-6',
      CITATION_INTERVAL: '30m',
      CITATION_CONCURRENCY: '5',
      CITATION_DAILY_BUDGET: '100',
      CITATION_DAILY_BUDGET_GEMINI: '7',
      CITATION_RUNS: '3',
    });
    expect(config.engines.chatgpt).toMatchObject({ apiKey: 'sk-live', baseUrl: 'http://127.0.0.1:9999/v1', model: 'gpt-5.4-mini' });
    expect(config.engines.claude.model).toBe('claude-sonnet-4-6');
    expect(config).toMatchObject({ intervalMs: 1_800_000, concurrency: 5, defaultRuns: 3 });
    expect(config.dailyBudget).toMatchObject({ chatgpt: 100, gemini: 7 });
  });

  it.each([
    ['CITATION_INTERVAL', 'soon'],
    ['CITATION_INTERVAL', '5s'],
    ['CITATION_CONCURRENCY', '0'],
    ['CITATION_RUNS', '6'],
    ['CITATION_DAILY_BUDGET', '-1'],
    ['OPENAI_BASE_URL', 'ftp://example.com'],
    ['SERPAPI_BASE_URL', 'not a url'],
  ])('%s=%s stops the start with a message naming it', (name, value) => {
    expect(() => readCitationConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readCitationConfig({ [name]: value })).toThrow(name);
  });

  it('parses durations as milliseconds or with a unit', () => {
    expect(parseDuration('86400000')).toBe(86_400_000);
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('h')).toBeNull();
    expect(parseDuration('-1h')).toBeNull();
  });
});
