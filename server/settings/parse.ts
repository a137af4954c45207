/**
 * The one parser of each kind of environment variable, for the server and the CLI alike. An unset or
 * empty variable takes its default; anything else that does not parse is a ConfigError naming the
 * variable and the value, so a typo stops the start (or the command) instead of being ignored.
 */
import { parseDuration } from './duration.js';

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** A switch: 1/true/yes/on or 0/false/no/off (any case); unset means off. */
export function readFlag(env: Env, name: string): boolean {
  const raw = env[name];
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || FALSE.includes(value)) return false;
  if (TRUE.includes(value)) return true;
  throw new ConfigError(`${name} must be 1 or 0 (or true/false, yes/no, on/off), got ${JSON.stringify(raw)}`);
}

/** A whole number within [min, max]. */
export function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** A duration in milliseconds: `90000`, or a number with a unit (`1500ms`, `90s`, `30m`, `24h`, `7d`). */
export function readDuration(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = parseDuration(raw);
  if (value === null || value < min) {
    throw new ConfigError(`${name} must be a duration of at least ${min} ms, such as 24h, 30m or 90000, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** An http(s) URL, without a trailing slash. */
export function readHttpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
  return raw.replace(/\/+$/, '');
}

/** One of a few words (any case). */
export function readChoice<const T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  const list = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
  throw new ConfigError(`${name} must be ${list}, got ${JSON.stringify(raw)}`);
}

/** Free text (a path, a URL, a key), trimmed; null when unset or blank. */
export function readText(env: Env, name: string): string | null {
  return env[name]?.trim() || null;
}
