/** JSON-lines logger. Callers pass plain fields; nothing here reads requests, so no header can leak into a line. */
import type { LogLevel } from '../config.js';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createJsonLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const at = (name: Exclude<LogLevel, 'silent'>) =>
    RANK[name] < RANK[level]
      ? () => {}
      : (msg: string, fields: LogFields = {}) => write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields })}\n`);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger that keeps lines in memory (tests read them). */
export function createMemoryLogger(): Logger & { lines: LogFields[] } {
  const lines: LogFields[] = [];
  const logger = createJsonLogger('debug', (line) => lines.push(JSON.parse(line) as LogFields));
  return Object.assign(logger, { lines });
}

export const silentLogger: Logger = createJsonLogger('silent');
