/** One step of an audit as the popup lists it while waiting. */
export interface ProgressStep {
  label: string;
  /** Milliseconds since the audit started. */
  startedMs: number;
  /** Set when the step finished. */
  doneMs?: number;
}

export interface ProgressTracker {
  /** Starts a step; call the returned function when it is done. */
  start(label: string): () => void;
  /** The fetcher's hook: one request started; returns its "done". */
  fetchStarted(url: string, accept: string): () => void;
  steps(): ProgressStep[];
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
  const start = (label: string) => {
    const step: ProgressStep = { label, startedMs: now() - startedAt };
    list.push(step);
    changed();
    return () => {
      step.doneMs ??= now() - startedAt;
      changed();
    };
  };
  return {
    start,
    fetchStarted(url, accept) {
      const label = fetchLabel(url, accept);
      if (label !== 'Scripts') return start(label);
      // Scripts are many: one line that counts them.
      scripts.started++;
      if (!scripts.step) {
        scripts.step = { label, startedMs: now() - startedAt };
        list.push(scripts.step);
      }
      const step = scripts.step;
      step.label = `Scripts (${scripts.done} of ${scripts.started})`;
      delete step.doneMs;
      changed();
      return () => {
        scripts.done++;
        step.label = `Scripts (${scripts.done} of ${scripts.started})`;
        if (scripts.done === scripts.started) step.doneMs = now() - startedAt;
        changed();
      };
    },
    steps: () => list,
  };
}

const FILES: Array<[RegExp, string]> = [
  [/\/robots\.txt$/, 'robots.txt'],
  [/\/llms\.txt$/, 'llms.txt'],
  [/\/llms-full\.txt$/, 'llms-full.txt'],
  [/\/\.well-known\/tdmrep\.json$/, 'TDMRep'],
  [/sitemap[^/]*\.xml(\.gz)?$/i, 'Sitemap'],
];

function fetchLabel(url: string, accept: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'Request';
  }
  for (const [re, label] of FILES) if (re.test(path)) return label;
  if (accept === 'text/markdown') return 'Markdown version of the page';
  if (accept.startsWith('text/html')) return 'Server HTML (what AI crawlers get)';
  if (accept === '*/*') return 'Scripts';
  return `Linked file ${path.length > 40 ? `${path.slice(0, 39)}…` : path}`;
}
