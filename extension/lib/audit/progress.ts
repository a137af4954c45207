import { t } from '../i18n/t.js';

/** The few steps a person follows an audit by; each request or probe belongs to one of them. */
export type Phase = 'page' | 'files' | 'crawlers' | 'judging';
export const PHASES: readonly Phase[] = ['page', 'files', 'crawlers', 'judging'];

/** One step of an audit as the popup lists it while waiting (its details). */
export interface ProgressStep {
  label: string;
  phase: Phase;
  /** Milliseconds since the audit started. */
  startedMs: number;
  /** Set when the step finished. */
  doneMs?: number;
}

export interface ProgressTracker {
  /** Starts a step; call the returned function when it is done. */
  start(label: string, phase: Phase): () => void;
  /** The fetcher's hook: one request started; returns its "done". */
  fetchStarted(url: string, accept: string): () => void;
  steps(): ProgressStep[];
}

/** Where a phase stands, from its steps: none started yet, some running, or all done. */
export function phaseState(steps: readonly ProgressStep[], phase: Phase): 'waiting' | 'running' | 'done' {
  const own = steps.filter((s) => s.phase === phase);
  if (!own.length) return 'waiting';
  return own.some((s) => s.doneMs === undefined) ? 'running' : 'done';
}

/**
 * Collects the steps of one audit and reports them (throttled) so the popup can show what is being
 * waited for, each with its elapsed time.
 */
export function createProgress(report: (steps: ProgressStep[], startedAt: number) => void, now: () => number = Date.now): ProgressTracker {
  const startedAt = now();
  const list: ProgressStep[] = [];
  const scripts = { started: 0, done: 0, step: null as ProgressStep | null };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    report(
      list.map((s) => ({ ...s })),
      startedAt,
    );
  };
  const changed = () => {
    timer ??= setTimeout(flush, 50);
  };
  const start = (label: string, phase: Phase) => {
    const step: ProgressStep = { label, phase, startedMs: now() - startedAt };
    list.push(step);
    changed();
    return () => {
      step.doneMs ??= now() - startedAt;
      changed();
    };
  };
  const scriptStarted = () => {
    // Scripts are many: one line that counts them.
    scripts.started++;
    if (!scripts.step) {
      scripts.step = { label: '', phase: 'files', startedMs: now() - startedAt };
      list.push(scripts.step);
    }
    const step = scripts.step;
    step.label = t('stepScripts', scripts.done, scripts.started);
    delete step.doneMs;
    changed();
    return () => {
      scripts.done++;
      step.label = t('stepScripts', scripts.done, scripts.started);
      if (scripts.done === scripts.started) step.doneMs = now() - startedAt;
      changed();
    };
  };
  return {
    start,
    fetchStarted(url, accept) {
      const what = fetchLabel(url, accept);
      return what === 'scripts' ? scriptStarted() : start(what.label, what.phase);
    },
    steps: () => list,
  };
}

const FILES: Array<[RegExp, () => string]> = [
  [/\/robots\.txt$/, () => 'robots.txt'],
  [/\/llms\.txt$/, () => 'llms.txt'],
  [/\/llms-full\.txt$/, () => 'llms-full.txt'],
  [/\/\.well-known\/tdmrep\.json$/, () => 'TDMRep'],
  [/sitemap[^/]*\.xml(\.gz)?$/i, () => t('stepSitemap')],
];

function fetchLabel(url: string, accept: string): { label: string; phase: Phase } | 'scripts' {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return { label: t('stepRequest'), phase: 'files' };
  }
  for (const [re, label] of FILES) if (re.test(path)) return { label: label(), phase: 'files' };
  if (accept === 'text/markdown') return { label: t('stepMarkdown'), phase: 'page' };
  if (accept.startsWith('text/html')) return { label: t('stepServerHtml'), phase: 'page' };
  if (accept === '*/*') return 'scripts';
  return { label: t('stepLinkedFile', path.length > 40 ? `${path.slice(0, 39)}…` : path), phase: 'files' };
}
