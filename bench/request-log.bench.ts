/**
 * What one request log line costs: the pino logger the server uses (server/logging/logger.ts) against
 * the hand-written JSON.stringify logger it replaced, both writing the same line to /dev/null.
 * Alternating rounds; the median per line. Not part of `npm run bench`: run it with
 *   npx tsx bench/request-log.bench.ts [lines-per-round] [rounds]
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createJsonLogger, type LogFields, type Logger } from '../server/logging/logger.js';

const LINES = Number(process.argv[2] ?? 200_000);
const ROUNDS = Number(process.argv[3] ?? 7);
const fd = openSync('/dev/null', 'w');
const write = (line: string) => void writeSync(fd, line);

/** The logger before pino, kept here as the baseline. */
function handWritten(): Logger {
  const at =
    (level: string) =>
    (msg: string, fields: LogFields = {}) =>
      write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const requestLine = (i: number): LogFields => ({
  request_id: 'c0a8f3e2-7b1d-4d5e-9f60-1a2b3c4d5e6f',
  method: 'GET',
  path: '/api/v1/audits/c0a8f3e2-7b1d-4d5e-9f60-1a2b3c4d5e6f',
  status: 200,
  duration_ms: 0.4,
  bytes: 20_480 + (i % 7),
  ip: '127.0.0.1',
  account_id: 'acct_8HkQ2mV1xYz3',
  key_id: 'key_Wq3x9PzL0aBc',
});

function microsPerLine(logger: Logger): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < LINES; i++) logger.info('request', requestLine(i));
  return Number(process.hrtime.bigint() - started) / 1_000 / LINES;
}

const candidates = { 'hand-written': handWritten(), pino: createJsonLogger('info', write) };
const samples: Record<string, number[]> = { 'hand-written': [], pino: [] };
for (const logger of Object.values(candidates)) microsPerLine(logger); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, logger] of Object.entries(candidates)) samples[name]!.push(microsPerLine(logger));
}
closeSync(fd);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, xs] of Object.entries(samples))
  console.log(`${name.padEnd(13)} ${median(xs).toFixed(2)} µs per request line (median of ${ROUNDS} rounds of ${LINES})`);
