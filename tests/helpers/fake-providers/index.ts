/** All five provider fakes plus Gemini's redirect host, and the environment that points the engines at them. */
import { claudePromptOf } from './claude.js';
import { FakeServer, type FakeReply } from './fake-server.js';
import { geminiPromptOf, redirectReply } from './gemini.js';
import { openaiPromptOf } from './openai.js';
import { perplexityPromptOf } from './perplexity.js';
import { serpapiKeyOf } from './serpapi.js';

export const FAKE_KEYS = {
  OPENAI_API_KEY: 'sk-test-openai-0123456789',
  PERPLEXITY_API_KEY: 'pplx-test-0123456789',
  GEMINI_API_KEY: 'AIzaSyTest0123456789',
  ANTHROPIC_API_KEY: 'sk-ant-test-0123456789',
  SERPAPI_API_KEY: 'serpapi-test-0123456789',
} as const;

const unscripted = (): FakeReply => ({ status: 404, json: { error: { message: 'fake provider: no script for this request' } } });

export interface ProviderFakes {
  openai: FakeServer;
  perplexity: FakeServer;
  gemini: FakeServer;
  claude: FakeServer;
  serpapi: FakeServer;
  /** Gemini's vertexaisearch stand-in. */
  redirects: FakeServer;
  /** token → where the redirect points. */
  redirectTargets: Map<string, string>;
  /** Tokens whose redirect never answers. */
  hangingTokens: Set<string>;
  redirectUri(token: string): string;
  /** Every engine configured against the fakes (override or drop keys per test). */
  env(overrides?: Record<string, string | undefined>): Record<string, string | undefined>;
  reset(): void;
  close(): Promise<void>;
}

export async function startProviderFakes(): Promise<ProviderFakes> {
  const redirectTargets = new Map<string, string>();
  const hangingTokens = new Set<string>();
  const [openai, perplexity, gemini, claude, serpapi, redirects] = await Promise.all([
    FakeServer.start(openaiPromptOf, unscripted),
    FakeServer.start(perplexityPromptOf, unscripted),
    FakeServer.start(geminiPromptOf, unscripted),
    FakeServer.start(claudePromptOf, unscripted),
    FakeServer.start(serpapiKeyOf, unscripted),
    FakeServer.start(() => undefined, redirectReply(redirectTargets, hangingTokens)),
  ]);
  const all = [openai, perplexity, gemini, claude, serpapi, redirects];
  return {
    openai,
    perplexity,
    gemini,
    claude,
    serpapi,
    redirects,
    redirectTargets,
    hangingTokens,
    redirectUri: (token) => `${redirects.url}/grounding-api-redirect/${token}`,
    env: (overrides = {}) => ({
      ...FAKE_KEYS,
      OPENAI_BASE_URL: `${openai.url}/v1`,
      PERPLEXITY_BASE_URL: perplexity.url,
      GEMINI_BASE_URL: `${gemini.url}/v1beta`,
      ANTHROPIC_BASE_URL: claude.url,
      SERPAPI_BASE_URL: serpapi.url,
      GEMINI_REDIRECT_PREFIX: `${redirects.url}/grounding-api-redirect/`,
      ...overrides,
    }),
    reset() {
      for (const fake of all) fake.reset();
      redirectTargets.clear();
      hangingTokens.clear();
    },
    close: async () => {
      await Promise.all(all.map((f) => f.close()));
    },
  };
}
