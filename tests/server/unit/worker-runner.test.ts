/**
 * The worker-thread audit runner (server/audits/worker-runner.ts), with the worker run from its
 * TypeScript source: audits of loopback sites, the engine's errors across the thread boundary, the
 * bounds (threads, line), cancellation, and a thread that dies.
 */
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditFetchError, AuditInputError } from '../../../shared/audit/errors.js';
import { AuditCancelledError, AuditorBusyError, AuditTooHeavyError } from '../../../server/audits/audit-runner.js';
import { createWorkerRunner, type WorkerRunner } from '../../../server/audits/worker-runner.js';
import { gatherSiteFiles } from '../../../shared/gather/gather-site-files.js';
import { DEFAULT_LIMITS } from '../../../shared/gather/limits.js';
import { createNodeFetcher } from '../../../server/net/node-fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { SAMPLE_PAGE } from '../helpers/fake-fetcher.js';

const WORKER = new URL('../helpers/audit-worker-source.mjs', import.meta.url);

let site: FixtureSite;
const held: Array<() => void> = [];
let opened = false;
/** Lets every held request answer, and the later ones at once. */
const release = () => {
  opened = true;
  held.splice(0).forEach((answer) => answer());
};
beforeAll(async () => {
  site = await startFixtureSite({
    '/': { body: SAMPLE_PAGE },
    '/robots.txt': { body: 'User-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
    // Five megabytes of nested elements: about 150 MB of heap to judge.
    '/deep': { body: `<!doctype html><html><body>${'<div>'.repeat(1_000_000)}` },
    // Answers when the test says so (or when the client leaves).
    '/held': async (_req, res) => {
      if (!opened)
        await new Promise<void>((resolve) => {
          held.push(resolve);
          res.on('close', () => resolve());
        });
      if (!res.destroyed) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(SAMPLE_PAGE);
      }
    },
  });
});
afterAll(() => site.close());

let runner: WorkerRunner | undefined;
beforeEach(() => {
  opened = false;
});
afterEach(async () => {
  release();
  await runner?.close();
  runner = undefined;
});

const make = (overrides: Partial<Parameters<typeof createWorkerRunner>[0]> = {}) =>
  (runner = createWorkerRunner({ workerUrl: WORKER, allowPrivate: true, deadlineMs: 15_000, concurrency: 2, queueLimit: 1, ...overrides }));

/** Resolves once the fixture has received a request for `path`. */
async function requested(path: string): Promise<void> {
  while (!site.requests.some((r) => r.path === path)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Threads of this process at niceness 10 (/proc/self/task/<tid>/stat: the 19th field, counted after the name). */
async function nicedThreads(): Promise<number> {
  let count = 0;
  for (const tid of await readdir('/proc/self/task')) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[16] === '10') count++;
  }
  return count;
}

describe('createWorkerRunner', () => {
  it('runs the engine in a thread and returns its audit', async () => {
    const audit = await make().run(`${site.url}/`);
    expect(audit).toMatchObject({ url: `${site.url}/`, final_url: `${site.url}/`, origin: 'server', status: 'complete' });
    expect(audit.category_scores).toHaveLength(6);
  });

  it("rebuilds the engine's errors, so the API maps them as before (400, 422)", async () => {
    const r = make({ allowPrivate: false });
    const refused = await r.run(`${site.url}/`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuditFetchError);
    expect(refused).toMatchObject({ code: 'blocked_address' });
    const input = await r.run('ftp://example.com/').catch((e: unknown) => e);
    expect(input).toBeInstanceOf(AuditInputError);
    expect(input).toMatchObject({ problem: 'unsupported_scheme' });
  });

  it('starts at most `concurrency` threads and reuses them', async () => {
    const r = make({ concurrency: 2, queueLimit: 10 });
    await Promise.all(Array.from({ length: 5 }, () => r.run(`${site.url}/`)));
    expect(r.threads).toBe(2);
    await r.run(`${site.url}/`);
    expect(r.threads).toBe(2);
  });

  it('warm() starts every thread at once, and audits use them', async () => {
    const r = make({ concurrency: 3 });
    r.warm();
    expect(r.threads).toBe(3);
    await Promise.all(Array.from({ length: 3 }, () => r.run(`${site.url}/`)));
    expect(r.threads).toBe(3);
  });

  it('warm(count) starts that many threads, never more than concurrency; audits start the rest on demand', async () => {
    const r = make({ concurrency: 3 });
    r.warm(2);
    expect(r.threads).toBe(2);
    r.warm(9);
    expect(r.threads).toBe(3);
    const two = make({ concurrency: 3 });
    two.warm(1);
    await Promise.all(Array.from({ length: 2 }, () => two.run(`${site.url}/`)));
    expect(two.threads).toBe(2);
  });

  it('runs its threads at niceness 10 by default, at the process priority with lowerPriority: false (Linux)', async () => {
    const before = await nicedThreads();
    const lowered = make({ concurrency: 2, queueLimit: 10 });
    await Promise.all([lowered.run(`${site.url}/`), lowered.run(`${site.url}/`)]);
    expect(await nicedThreads()).toBe(before + 2);
    await lowered.close();
    expect(await nicedThreads()).toBe(before);
    const plain = make({ concurrency: 2, queueLimit: 10, lowerPriority: false });
    await Promise.all([plain.run(`${site.url}/`), plain.run(`${site.url}/`)]);
    expect(plain.threads).toBe(2);
    expect(await nicedThreads()).toBe(before);
  });

  it('refuses beyond the line (AuditorBusyError)', async () => {
    const r = make({ concurrency: 1, queueLimit: 1 });
    const running = r.run(`${site.url}/held`);
    await requested('/held');
    const waiting = r.run(`${site.url}/`);
    await expect(r.run(`${site.url}/`)).rejects.toBeInstanceOf(AuditorBusyError);
    expect(r.pending).toBe(2);
    release();
    await Promise.all([running, waiting]);
  });

  it('cancels a running audit (shutdown) and the thread serves the next one', async () => {
    const r = make({ concurrency: 1 });
    const running = r.run(`${site.url}/held`);
    await requested('/held');
    r.abortAll('the server is shutting down');
    await expect(running).rejects.toBeInstanceOf(AuditCancelledError);
    expect((await r.run(`${site.url}/`)).status).toBe('complete');
    expect(r.threads).toBe(1);
  });

  it('fails the audit of a thread that dies, and starts a new thread for the next', async () => {
    const r = make({ concurrency: 1 });
    const running = r.run(`${site.url}/held`);
    await requested('/held');
    await r.close(); // ends the thread mid-audit, as a crash would
    await expect(running).rejects.toThrow(/audit worker stopped/);
    expect((await r.run(`${site.url}/`)).status).toBe('complete');
  });

  it('a thread that outgrows its heap bound dies alone: its audit fails, the next audit gets a new thread', async () => {
    const r = make({ concurrency: 1, threadLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 } });
    const failed = await r.run(`${site.url}/deep`).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AuditTooHeavyError);
    expect(String(failed)).toMatch(/too large or too deeply nested to audit within the 32 MB/);
    expect((await r.run(`${site.url}/`)).status).toBe('complete');
  });

  it('with maxThreads below concurrency, pieces of work share the threads, several at once on each', async () => {
    const r = make({ concurrency: 4, maxThreads: 2, queueLimit: 10 });
    r.warm();
    expect(r.threads).toBe(2);
    const before = site.requests.filter((req) => req.path === '/held').length;
    const audits = [1, 2, 3, 4].map(() => r.run(`${site.url}/held`));
    // Four requests in flight at once from two threads: each thread is running two audits.
    while (site.requests.filter((req) => req.path === '/held').length - before < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.threads).toBe(2);
    release();
    for (const audit of await Promise.all(audits)) expect(audit.status).toBe('complete');
    expect(r.threads).toBe(2);
  });

  it('a thread that dies under several pieces runs each again alone: only the one that outgrew the heap fails', async () => {
    const r = make({
      concurrency: 3,
      maxThreads: 1,
      queueLimit: 10,
      threadLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    });
    const held = r.run(`${site.url}/held`);
    await requested('/held');
    const deep = r.run(`${site.url}/deep`).catch((e: unknown) => e);
    const heldAgain = site.requests.filter((req) => req.path === '/held').length;
    // The deep page kills the shared thread; the held audit, innocent, is run again on a thread of its own.
    while (site.requests.filter((req) => req.path === '/held').length === heldAgain)
      await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await held).status).toBe('complete');
    const failed = await deep;
    expect(failed).toBeInstanceOf(AuditTooHeavyError);
    expect(r.threads).toBeLessThanOrEqual(1);
    expect((await r.run(`${site.url}/`)).status).toBe('complete');
  });

  it.runIf(process.platform === 'linux')(
    'runs its threads at a lower OS priority (nice 10) than the thread that answers the API',
    async () => {
      /** The nice value of every thread of this process (field 19 of /proc/self/task/<tid>/stat). */
      const niceValues = async () => {
        const values: number[] = [];
        for (const tid of await readdir('/proc/self/task')) {
          const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
          if (stat) values.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
        }
        return values;
      };
      const before = (await niceValues()).filter((n) => n === 10).length;
      const r = make({ concurrency: 2, queueLimit: 10 });
      await Promise.all([r.run(`${site.url}/`), r.run(`${site.url}/`)]);
      expect(r.threads).toBe(2);
      expect((await niceValues()).filter((n) => n === 10).length - before).toBe(2);
      const main = await readFile('/proc/self/stat', 'utf8');
      expect(Number(main.slice(main.lastIndexOf(')') + 2).split(' ')[16])).toBe(0); // the main thread keeps its priority
    },
  );

  it("runs a crawl's pages on the threads with the site files sent to each thread once, waiting beyond the audits' line", async () => {
    const fetcher = createNodeFetcher({ allowPrivate: true });
    const files = await gatherSiteFiles(
      site.url,
      (url, maxBytes, headers) => fetcher.fetch(url, { maxBytes, headers: headers ?? {} }),
      DEFAULT_LIMITS.siteFileBytes,
    );
    const robotsBefore = site.requests.filter((r) => r.path === '/robots.txt').length;
    const r = make({ concurrency: 1, queueLimit: 0 });
    const page = (n: number) =>
      r.runPage(
        {
          url: `${site.url}/?n=${n}`,
          crawlId: 'crawl-1',
          host: new URL(site.url).host,
          auditId: `00000000-0000-4000-8000-00000000000${n}`,
          sample: false,
          retryBusy: true,
          deadlineMs: 15_000,
        },
        { key: 'crawl-1', files },
        new AbortController().signal,
      );
    const results = await Promise.all([page(1), page(2), page(3)]); // a line of 0: audits would be refused, pages wait
    for (const [i, result] of results.entries()) {
      expect(result.kind).toBe('audited');
      if (result.kind === 'audited')
        expect(result.audit).toMatchObject({ id: `00000000-0000-4000-8000-00000000000${i + 1}`, origin: 'crawl', crawl_id: 'crawl-1' });
    }
    expect(r.threads).toBe(1);
    expect(site.requests.filter((req) => req.path === '/robots.txt').length).toBe(robotsBefore); // given in, never fetched by the thread
  });
});
