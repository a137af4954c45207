/**
 * Where `citable logs` finds refreshed address ranges and `citable logs update-ranges` downloads them from; and
 * where the server and `citable worker` keep log uploads until they are read, and in what chunks they read them.
 */
import path from 'node:path';
import { readHttpUrl, readInt, readText, type Env } from './parse.js';
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

export interface LogUploadSettings {
  /** LOG_SPOOL_DIR: where uploads wait until read (workers on other machines must see the same directory). */
  spoolDir: string;
  /** LOG_CHUNK_BYTES: log bytes per committed chunk of an upload (what a stopped reader reads again, at most). */
  chunkBytes: number;
}

export const LOG_CHUNK_BYTES_DEFAULT = 16 * 1024 * 1024;

export function readLogUploadSettings(env: Env): LogUploadSettings {
  const spoolDir = readText(env, 'LOG_SPOOL_DIR');
  return {
    spoolDir: path.resolve(spoolDir ?? path.join(readStoreSettings(env).dataDir, 'traffic', 'spool')),
    chunkBytes: readInt(env, 'LOG_CHUNK_BYTES', LOG_CHUNK_BYTES_DEFAULT, 4096, 1024 ** 3),
  };
}
