import { normalizeAuditUrl } from '../../shared/url/normalize.js';
import { openCliRenderer, RENDER_HELP } from './cli-renderer.js';
import type { PageRendererHost } from '../render/page-renderer.js';
import { CRAWL_RENDER_MODES, type CrawlRenderMode } from '../../shared/schema/crawl-values.js';
import { RENDER_CONCURRENCY_DEFAULT } from '../settings/render-settings.js';
import { MAX_PAGES_LIMIT, DEFAULT_MAX_PAGES } from '../../shared/schema/crawl-values.js';
import type { Crawl, CrawlPage } from '../../shared/schema/crawl.js';
import { crawlSettingsFor, type CrawlSettings } from '../crawls/crawl-settings.js';
import { crawlWire } from '../crawls/crawl-wire.js';
import { readAuditSettings } from '../settings/audit-settings.js';
import { readCrawlSettings } from '../settings/crawl-settings.js';
import { ConfigError } from '../settings/parse.js';
import type { StoredCrawl } from '../store/contracts/crawls.js';
import { startCommand } from './command-args.js';
import { boundHeapGrowth } from './crawl/heap-growth.js';
import { startLocalCrawl, type LocalCrawl } from './crawl/local-crawl.js';
import { PageOutcomes } from './crawl/page-outcomes.js';
import { createProgressView } from './crawl/progress.js';
import { renderCrawlReport } from './crawl/render-crawl-report.js';
import type { CliIo } from './io.js';
import { REPORT_FILE_HELP, REPORT_FILE_OPTIONS, reportFilesLanguage, writeReportFiles, type ReportFiles } from './report-files.js';
import { isReportLanguage } from '../../shared/i18n/languages.js';
import { crawlReport } from '../ci/ci-report.js';
import { CI_HELP, CI_OPTIONS, prepareCi } from './ci-options.js';
import { verdict, writeOutputs } from './ci-output.js';
import { groupDigits } from '../../shared/text/group-digits.js';

/** Pages audited at once by `citable crawl` unless CRAWL_CONCURRENCY says otherwise. */
export const CLI_CRAWL_CONCURRENCY = 8;
/** Exit code after Ctrl-C (128 + SIGINT), once what was audited is printed. */
export const INTERRUPTED_EXIT = 130;

const USAGE =
  'Usage: citable crawl <url> [--max-pages N] [--render sample|all] [--json] [--fail-under N] [--format F] [--output FILE] [--budget FILE] [--html FILE] [--pdf FILE] [--lang LANG]';
const HELP = `${USAGE}

Audits a whole site the way AI answer engines see it: pages found from its sitemaps and links, each
audited once, then a site report (top issues by pages affected, worst templates, worst pages).

  <url>            the start page: an http(s) URL or a bare host (example.com)
  --max-pages N    audit at most N pages (1-${groupDigits(MAX_PAGES_LIMIT)}, default ${DEFAULT_MAX_PAGES})
  --render WHICH   also load pages in headless Chromium and compare them with the server HTML: sample
                   (the start page and one page per URL template), all, or none (default)
                   (${RENDER_HELP}, RENDER_CONCURRENCY, default ${RENDER_CONCURRENCY_DEFAULT})
  --json           print exactly the crawl object the API returns (the same as --format json)
  --fail-under N   exit 1 when the site score is below N (0-100), for CI
${CI_HELP}${REPORT_FILE_HELP}
On a terminal a progress bar shows pages done of those found, pages per second and the time left
(plain lines every few seconds otherwise, on stderr). Ctrl-C stops the crawl and prints what was
audited (a second Ctrl-C quits at once).

Politeness: the user agent names Citable; robots.txt is obeyed for Citable (else *), Crawl-delay
honoured up to 10 s, at most CRAWL_HOST_CONCURRENCY (default 4) requests to the site at a time.

Exit codes: 0 ok, 1 score below --fail-under or the budget failed, 2 the site cannot be crawled (or a
usage mistake), 130 stopped by Ctrl-C.
Environment: AUDIT_ALLOW_PRIVATE=1 (loopback and private addresses), AUDIT_DEADLINE_MS (per page),
CRAWL_DEADLINE_MS (the whole crawl, default 30 min), CRAWL_CONCURRENCY (pages at once, default ${CLI_CRAWL_CONCURRENCY}),
CRAWL_HOST_CONCURRENCY.
`;

const OPTIONS = {
  'max-pages': { type: 'string' },
  render: { type: 'string' },
  json: { type: 'boolean' },
  'fail-under': { type: 'string' },
  ...CI_OPTIONS,
  ...REPORT_FILE_OPTIONS,
} as const;

export interface CrawlCommandOptions {
  /** Stops the crawl as Ctrl-C does (tests); default: SIGINT and SIGTERM of this process. */
  interrupt?: AbortSignal;
  /** The audit thread's script (dist/cli/audit-thread.cjs beside the built command); absent: pages run on this thread. */
  workerUrl?: URL;
}

/** `citable crawl`: runs a site audit locally (docs/api-decisions.md#crawls) and prints the site report or the crawl object. */
export async function run(args: string[], io: CliIo, options: CrawlCommandOptions = {}): Promise<number> {
  const start = startCommand({ name: 'crawl', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const asked = crawlRequest(values, positionals, io.env);
  if (typeof asked === 'string') return fail(asked);
  const lang = reportFilesLanguage(values.lang, io.env);
  if (!isReportLanguage(lang)) return fail(lang);
  const plan = await prepareCi(values, io.env);
  if (typeof plan === 'string') return fail(plan);
  const { allowPrivate } = asked;
  const render = openCrawlRenderer(values.render, io.env, allowPrivate);
  if (typeof render === 'string') return fail(render);
  // The browser starts while robots.txt, the sitemaps and the start page are fetched: the start page (rendered in
  // sample mode too) goes alone, before any other page, so a browser started on its first render held up the crawl.
  render?.renderer.warm();

  boundHeapGrowth();
  const startedAt = Date.now();
  const outcomes = plan.needsPages ? new PageOutcomes() : null;
  const crawl = startLocalCrawl({
    ...asked,
    workerUrl: options.workerUrl ?? new URL('./audit-thread.cjs', import.meta.url),
    ...(outcomes ? { onPage: outcomes.add } : {}),
    ...(render ? { render } : {}),
  });
  const { stored, interrupted } = await followCrawl(crawl, io, options.interrupt, startedAt);
  await render?.renderer.close();
  const result: Crawl = crawlWire(stored);
  const pages = crawl.pages();
  const advice = crawl.advice();

  const report = crawlReport(result, outcomes?.list ?? null);
  const output = {
    text: (o: { color: boolean }) => renderCrawlReport(result, { color: o.color, pages, advice, elapsedMs: Date.now() - startedAt, lang }),
    json: () => result,
  };
  const written = await writeOutputs(plan, report, output, io);
  if (written) return fail(written);
  if (result.status === 'failed') {
    io.stderr.write(`citable crawl: ${result.error ?? 'the crawl failed'}${allowPrivate ? '' : privateHint(result.error)}\n`);
    return 2;
  }
  if (values.html !== undefined || values.pdf !== undefined) {
    const problem = await writeCrawlReportFiles(values, result, { pages, advice }, io);
    if (problem) return fail(problem);
  }
  if (interrupted) return INTERRUPTED_EXIT;
  return verdict(plan, report, io, 'crawl');
}

/** What to crawl and how, from the arguments and the environment; or what is wrong with them. */
function crawlRequest(
  values: { 'max-pages'?: string },
  positionals: string[],
  env: CliIo['env'],
): { url: string; maxPages?: number; settings: CrawlSettings; allowPrivate: boolean } | string {
  if (positionals.length !== 1) return `expected one URL. ${USAGE}`;
  const maxPagesText = values['max-pages'];
  if (
    maxPagesText !== undefined &&
    (!/^\d{1,5}$/.test(maxPagesText) || Number(maxPagesText) < 1 || Number(maxPagesText) > MAX_PAGES_LIMIT)
  ) {
    return `--max-pages takes a whole number from 1 to ${groupDigits(MAX_PAGES_LIMIT)}.`;
  }
  const url = normalizeAuditUrl(positionals[0]!);
  if (!url.ok) return url.message;
  try {
    const audit = readAuditSettings(env);
    const settings = crawlSettingsFor({
      auditDeadlineMs: audit.deadlineMs,
      concurrency: CLI_CRAWL_CONCURRENCY,
      env: readCrawlSettings(env),
    });
    return {
      url: url.submitted,
      ...(maxPagesText !== undefined ? { maxPages: Number(maxPagesText) } : {}),
      settings,
      allowPrivate: audit.allowPrivate,
    };
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

/**
 * Waits for the crawl to end, showing its progress on stderr; the first Ctrl-C stops it with what was
 * audited. Its stored state once ended (the crawl is then closed), and whether it was stopped.
 */
async function followCrawl(
  crawl: LocalCrawl,
  io: CliIo,
  interrupt: AbortSignal | undefined,
  startedAt: number,
): Promise<{ stored: StoredCrawl; interrupted: boolean }> {
  let interrupted = false;
  const stopOnce = () => {
    if (interrupted) return;
    interrupted = true;
    io.stderr.write('\nStopping: the pages being audited are dropped; what was audited is kept.\n');
    void crawl.cancel();
  };
  const detach = listenForInterrupt(interrupt, stopOnce);
  const view = createProgressView(io.stderr, startedAt);
  const ticker = setInterval(
    () => {
      void crawl.read().then(
        (c) => view.update(c.progress, Date.now()),
        () => undefined,
      );
    },
    io.stderr.isTTY ? 200 : 1_000,
  );
  try {
    await crawl.done;
  } finally {
    clearInterval(ticker);
    detach();
  }
  const stored = await crawl.read();
  view.end(stored.progress, Date.now());
  await crawl.close();
  return { stored, interrupted };
}

/** --html and --pdf: the site report as files; null when written, else the message to fail with. */
async function writeCrawlReportFiles(
  files: ReportFiles,
  result: Crawl,
  { pages, advice }: { pages: CrawlPage[]; advice: Record<string, string> },
  io: CliIo,
): Promise<string | null> {
  const { renderCrawlReportHtml } = await import('../../shared/report/render-crawl-report.js');
  const worstPages = pages.filter((p) => p.score !== null).map((p) => ({ ...p, score: p.score!, audit_id: p.audit_id ?? undefined }));
  return writeReportFiles(
    files,
    (medium, paper, lang) => ({ html: renderCrawlReportHtml(result, { medium, paper, lang, worstPages, advice }), subjectUrl: result.url }),
    io,
  );
}

function privateHint(error: string | null): string {
  return error && /private|loopback|reserved|special-use/i.test(error)
    ? ' Set AUDIT_ALLOW_PRIVATE=1 to crawl it in local development.'
    : '';
}

/** First Ctrl-C (or SIGTERM): stop cleanly; a second: quit at once. */
function listenForInterrupt(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (signal) {
    signal.addEventListener('abort', stop, { once: true });
    return () => signal.removeEventListener('abort', stop);
  }
  let count = 0;
  const onSignal = () => {
    if (++count > 1) process.exit(INTERRUPTED_EXIT);
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/** `--render`: the mode and the browser, null for none, or the message to exit 2 with (a bad value, no Chromium). */
function openCrawlRenderer(
  value: string | undefined,
  env: CliIo['env'],
  allowPrivate: boolean,
): { mode: CrawlRenderMode; renderer: PageRendererHost } | null | string {
  const mode = value ?? 'none';
  if (!isCrawlRenderMode(mode)) return '--render takes sample, all or none.';
  if (mode === 'none') return null;
  // The render thread beside the built command (dist/cli/render-thread.cjs); from source, renders run on this thread.
  const renderer = openCliRenderer(env, allowPrivate, new URL('./render-thread.cjs', import.meta.url));
  return typeof renderer === 'string' ? renderer : { mode, renderer };
}

function isCrawlRenderMode(value: string): value is CrawlRenderMode {
  return (CRAWL_RENDER_MODES as readonly string[]).includes(value);
}
