/** Where the data lives, read the same way by the server and by the CLI commands that share its store. */
import path from 'node:path';
import { readText, type Env } from './parse.js';

export const DEFAULT_DATA_DIR = './data';

export interface StoreSettings {
  /** The embedded store's directory, absolute. */
  dataDir: string;
  /** DATA_DIR was set to somewhere else than the default (hints then name it). */
  dataDirChosen: boolean;
  /** PostgreSQL instead of the embedded store in dataDir (several processes share it). */
  databaseUrl: string | null;
}

export function readStoreSettings(env: Env): StoreSettings {
  const dataDir = path.resolve(readText(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR);
  return {
    dataDir,
    dataDirChosen: dataDir !== path.resolve(DEFAULT_DATA_DIR),
    databaseUrl: readText(env, 'DATABASE_URL'),
  };
}
