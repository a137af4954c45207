import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { citationListSchema } from '../../shared/schema/citation.js';
import { main } from '../../server/cli/main.js';
import { memoryIo } from '../cli/cli-io.js';
import { claudeUnauthorized } from '../helpers/fake-providers/claude.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';

describe('citable citations check', () => {
  let fakes: ProviderFakes;
  beforeAll(async () => {
    fakes = await startProviderFakes();
  });
  beforeEach(() => fakes.reset());
  afterAll(() => fakes.close());

  const P = 'best espresso grinder';

  it('asks the engines and prints a table with status, cited, position and URLs', async () => {
    fakes.openai.on(P, openaiAnswer({ cited: [{ url: 'https://example.com/' }, { url: 'https://shop.acme.com/grinders' }] }));
    fakes.perplexity.on(P, perplexityAnswer(['https://example.com/']));
    fakes.gemini.on(P, geminiNoSearch());
    fakes.serpapi.on(`q:${P}`, serpNoOverview(P));
    const io = memoryIo(fakes.env({ ANTHROPIC_API_KEY: undefined }));
    expect(await main(['citations', 'check', '--domain', 'acme.com', '--prompt', P], io)).toBe(0);
    const lines = io.out().split('\n');
    expect(lines[0]).toMatch(/^ {2}ENGINE\s+STATUS\s+CITED\s+MENTIONED\s+POSITION\s+RUNS\s+CITED URLS \/ ERROR$/);
    expect(lines[1]).toMatch(/^ {2}chatgpt\s+ok\s+yes\s+-\s+2\s+1\s+https:\/\/shop\.acme\.com\/grinders$/);
    expect(lines[2]).toMatch(/^ {2}perplexity\s+ok\s+no\s+-\s+-\s+1\s+-$/);
    expect(lines[3]).toMatch(/^ {2}gemini\s+no_search\s+no/);
    expect(lines[4]).toMatch(/^ {2}claude\s+not_configured\s+no\s+-\s+-\s+0\s+ANTHROPIC_API_KEY is not set$/);
    expect(lines[5]).toMatch(/^ {2}google_ai_overviews\s+no_ai_overview/);
    expect(io.out()).toContain('acme.com cited by 1 of 5 engines.');
  });

  it('--engine picks engines, --runs samples, --json prints the API rows; an engine error exits 1', async () => {
    fakes.openai.on(P, openaiAnswer({ cited: [{ url: 'https://acme.com/' }] }));
    fakes.claude.on(P, claudeUnauthorized());
    const io = memoryIo(fakes.env());
    const code = await main(
      ['citations', 'check', '--domain', 'acme.com', '--prompt', P, '--engine', 'chatgpt', '--engine', 'claude', '--runs', '2', '--json'],
      io,
    );
    expect(code).toBe(1);
    const { citations } = citationListSchema.omit({ next_cursor: true }).parse(JSON.parse(io.out()));
    expect(citations.map((r) => [r.engine, r.status, r.runs, r.cited_runs])).toEqual([
      ['chatgpt', 'ok', 2, 2],
      ['claude', 'error', 0, 0],
    ]);
    expect(fakes.openai.requests).toHaveLength(2);
    expect(fakes.claude.requests).toHaveLength(1);
    expect(fakes.perplexity.requests).toHaveLength(0);
  });

  it.each([
    [['citations'], /expected the subcommand "check"/],
    [['citations', 'check', '--prompt', P], /--domain is required/],
    [['citations', 'check', '--domain', 'github.io', '--prompt', P], /public suffix/],
    [['citations', 'check', '--domain', 'acme.com'], /--prompt must be 1 to 500/],
    [['citations', 'check', '--domain', 'acme.com', '--prompt', P, '--engine', 'bing'], /unknown engine "bing"/],
    [['citations', 'check', '--domain', 'acme.com', '--prompt', P, '--runs', '9'], /--runs takes a whole number from 1 to 5/],
  ])('%j exits 2 with a one-line reason', async (argv, message) => {
    const io = memoryIo(fakes.env());
    expect(await main(argv, io)).toBe(2);
    expect(io.err()).toMatch(message);
    expect(io.out()).toBe('');
  });

  it('a bad configuration value exits 2 and names the variable', async () => {
    const io = memoryIo(fakes.env({ CITATION_CONCURRENCY: 'lots' }));
    expect(await main(['citations', 'check', '--domain', 'acme.com', '--prompt', P], io)).toBe(2);
    expect(io.err()).toContain('CITATION_CONCURRENCY must be an integer');
  });

  it('is listed in citable --help and has its own --help', async () => {
    const help = memoryIo();
    expect(await main(['--help'], help)).toBe(0);
    expect(help.out()).toContain('citable citations check|summary|sources');
    const own = memoryIo();
    expect(await main(['citations', '--help'], own)).toBe(0);
    expect(own.out()).toContain('--engine E');
  });
});
