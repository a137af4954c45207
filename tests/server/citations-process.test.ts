/**
 * The real server process (tsx server/main.ts) with the provider fakes: a check cut short by a crash
 * (SIGKILL) is resumed at the next start, and only its unfinished pair is asked again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeAnswer } from '../helpers/fake-providers/claude.js';
import { geminiNoSearch } from '../helpers/fake-providers/gemini.js';
import { startProviderFakes, type ProviderFakes } from '../helpers/fake-providers/index.js';
import { openaiAnswer } from '../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../helpers/fake-providers/perplexity.js';
import { serpNoOverview } from '../helpers/fake-providers/serpapi.js';
import { until } from '../helpers/until.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const P = 'which accounting app do freelancers in Berlin use';

describe('citation checks survive a crash of the server process', () => {
  let fakes: ProviderFakes;
  let dataDir: string;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    fakes = await startProviderFakes();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-citations-proc-'));
  });
  afterAll(async () => {
    server?.proc.kill('SIGKILL');
    await server?.exited;
    await fakes.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the interrupted check and asks only the engine that had not answered', async () => {
    fakes.openai.on(P, { hang: true });
    fakes.perplexity.on(P, perplexityAnswer(['https://acme.de/']));
    fakes.gemini.on(P, geminiNoSearch());
    fakes.claude.on(P, claudeAnswer({ retrieved: [{ url: 'https://acme.de/' }], cited: [{ url: 'https://acme.de/' }] }));
    fakes.serpapi.on(`q:${P}`, serpNoOverview(P));
    const env = { DATA_DIR: dataDir, ...fakes.env() };

    server = await startServerProcess({ env, fromSource: true });
    const key = /cit_[0-9A-Za-z]{32}/.exec(server.stdout.join('\n'))![0];
    const call = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${server!.url}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as any };
    };
    expect((await call('POST', '/api/v1/prompts', { text: P, domain: 'acme.de' })).status).toBe(201);
    const started = await call('POST', '/api/v1/citations/checks');
    expect(started.status).toBe(202);
    const checkId: string = started.json.check.id;
    await until('the four rows the check stored before the hanging engine', async () =>
      (await call('GET', '/api/v1/citations')).json.citations.length === 4 ? true : undefined,
    );
    expect(fakes.openai.requestsFor(P)).toHaveLength(1); // still hanging

    server.proc.kill('SIGKILL');
    await server.exited;
    fakes.openai.on(P, openaiAnswer({ cited: [{ url: 'https://www.acme.de/buchhaltung' }] }));
    server = await startServerProcess({ env, fromSource: true });

    const check = await until('the check to complete after the restart', async () => {
      const res = await call('GET', `/api/v1/citations/checks/${checkId}`);
      return res.json.check?.status === 'completed' ? res.json.check : undefined;
    });
    expect(check).toMatchObject({ result_count: 5, prompt_count: 1 });
    const rows = (await call('GET', '/api/v1/citations')).json.citations as Array<{ engine: string; status: string; cited: boolean }>;
    expect(rows.map((r) => [r.engine, r.status, r.cited])).toEqual([
      ['chatgpt', 'ok', true],
      ['perplexity', 'ok', true],
      ['gemini', 'no_search', false],
      ['claude', 'ok', true],
      ['google_ai_overviews', 'no_ai_overview', false],
    ]);
    expect(
      [fakes.openai, fakes.perplexity, fakes.gemini, fakes.claude, fakes.serpapi].map(
        (f) => f.requestsFor(f === fakes.serpapi ? `q:${P}` : P).length,
      ),
    ).toEqual([2, 1, 1, 1, 1]);
    expect(server.stdout.some((line) => line.includes('resuming citation check'))).toBe(true);
  });
});
