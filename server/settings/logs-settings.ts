/** Where `citable logs` finds refreshed address ranges, and where `citable logs update-ranges` downloads them from. */
import path from 'node:path';
import { readHttpUrl, readText, type Env } from './parse.js';
import { readStoreSettings } from './store-settings.js';

export interface LogsSettings {
  /** The refreshed ranges file: read when present, written by update-ranges. */
  rangesFile: string;
  /** Replaces the scheme and host of every operator URL (`{base}/{host}{path}`): a loopback copy in tests. */
  rangesBaseUrl: string | null;
}

export const RANGES_FILE_NAME = 'ip-ranges.json';

export function readLogsSettings(env: Env): LogsSettings {
  const file = readText(env, 'LOG_RANGES_FILE');
  const base = readText(env, 'LOG_RANGES_BASE_URL');
  return {
    rangesFile: path.resolve(file ?? path.join(readStoreSettings(env).dataDir, RANGES_FILE_NAME)),
    rangesBaseUrl: base === null ? null : readHttpUrl(env, 'LOG_RANGES_BASE_URL', base),
  };
}
