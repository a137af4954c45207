/**
 * Open-loop GETs of one URL at a fixed rate: each request has a scheduled send time, and its latency runs from
 * that time to the last byte of the answer, so a stalled server (or event loop) counts against every request
 * scheduled during the stall; a closed loop would send one request per stall and hide it.
 */
import http from 'node:http';

export interface OpenLoopResult {
  /** Milliseconds from each request's scheduled time to its answer's last byte; a failed request is Infinity. */
  latencies: number[];
  statuses: Map<number, number>;
  errors: string[];
}

export interface OpenLoop {
  /** Ends the current window (requests scheduled since the last `take()`), waits for their answers and returns them. */
  take(): Promise<OpenLoopResult>;
  stop(): Promise<OpenLoopResult>;
}

export function startOpenLoop(url: string, everyMs: number): OpenLoop {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let window: OpenLoopResult = { latencies: [], statuses: new Map(), errors: [] };
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let stopped = false;
  let timer: NodeJS.Timeout;

  const one = (scheduledAt: number, retried = false): Promise<void> =>
    new Promise<void>((resolve) => {
      const into = window;
      const req = http.get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          into.latencies.push(performance.now() - scheduledAt);
          into.statuses.set(res.statusCode!, (into.statuses.get(res.statusCode!) ?? 0) + 1);
          resolve();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as idle just as it was reused: retried once, timed from the schedule.
        if (!retried && req.reusedSocket && error.code === 'ECONNRESET') return void one(scheduledAt, true).then(resolve);
        into.errors.push(error.message);
        into.latencies.push(Number.POSITIVE_INFINITY);
        resolve();
      });
    });
  const tick = () => {
    const due = Math.floor((performance.now() - started) / everyMs);
    while (sent <= due && !stopped) {
      const p = one(started + sent * everyMs);
      inFlight.add(p);
      void p.then(() => inFlight.delete(p));
      sent++;
    }
    if (!stopped) timer = setTimeout(tick, Math.max(0, started + sent * everyMs - performance.now()));
  };
  tick();
  return {
    async take() {
      const taken = window;
      window = { latencies: [], statuses: new Map(), errors: [] };
      await Promise.all([...inFlight]);
      return taken;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return window;
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
