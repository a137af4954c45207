/** Servers the tests started are killed when the test process exits, even when a test forgot to stop them. */
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
let hooked = false;

export function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
}

/** Sends `signal`, waits for the exit, and kills it for good after `graceMs`. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
