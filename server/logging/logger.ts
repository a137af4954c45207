/**
 * JSON-lines logger on pino. Each line: `{"level": "info", "time": "<ISO 8601>", ...fields, "msg": "..."}`.
 * Callers pass plain fields; nothing here reads requests, so no header can leak into a line.
 */
import { pino } from 'pino';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Lines go to `write` (stdout by default) synchronously, in the order they are logged, like the rest of stdout. */
export function createJsonLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const lines = pino(
    {
      level,
      base: null, // no pid or hostname: the fields are the caller's
      timestamp: isoTimeOfThisMillisecond,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write },
  );
  return {
    debug: (msg, fields = {}) => lines.debug(fields, msg),
    info: (msg, fields = {}) => lines.info(fields, msg),
    warn: (msg, fields = {}) => lines.warn(fields, msg),
    error: (msg, fields = {}) => lines.error(fields, msg),
  };
}

/**
 * pino's `isoTime`, formatted once per millisecond: a busy server logs many lines per millisecond, and
 * formatting the date made pino's line cost a third more than the hand-written logger it replaced
 * (bench/request-log.bench.ts).
 */
let lastMs = 0;
let lastTime = '';
function isoTimeOfThisMillisecond(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** A logger that keeps lines in memory (tests read them). */
export function createMemoryLogger(): Logger & { lines: LogFields[] } {
  const lines: LogFields[] = [];
  const logger = createJsonLogger('debug', (line) => lines.push(JSON.parse(line) as LogFields));
  return Object.assign(logger, { lines });
}

export const silentLogger: Logger = createJsonLogger('silent');
