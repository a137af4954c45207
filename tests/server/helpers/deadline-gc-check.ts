// Run with --expose-gc: fetches a server that never answers, collects garbage mid-wait, reports whether
// each kind of timeout signal still aborted the request. Prints one JSON line.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deadlineSignal } from '../../../server/net/deadline-signal.js';

const maybeGc = (globalThis as { gc?: () => void }).gc;
if (!maybeGc) throw new Error('run with --expose-gc');
const gc: () => void = maybeGc;
const server = http.createServer(() => undefined).listen(0, '127.0.0.1');
await new Promise((resolve) => server.on('listening', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

async function outcome(signal: AbortSignal): Promise<string> {
  const request = fetch(url, { signal }).then(
    () => 'answered',
    (error: Error) => error.name,
  );
  setTimeout(gc, 50);
  return Promise.race([request, new Promise<string>((resolve) => setTimeout(() => resolve('still pending'), 3_000))]);
}

const outer = new AbortController();
const ours = deadlineSignal(300, outer.signal);
const result = {
  deadlineSignal: await outcome(ours.signal),
  anyWithTimeout: await outcome(AbortSignal.any([new AbortController().signal, AbortSignal.timeout(300)])),
};
ours.clear();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
