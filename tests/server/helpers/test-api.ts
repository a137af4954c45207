/** Runs the real app in-process on 127.0.0.1 with a fresh data directory, and talks to it over real HTTP. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { createApp, type AppDeps, type CitableApp } from '../../../server/app/create-app.js';
import { listen } from '../../../server/app/listen.js';
import { generateApiKey } from '../../../server/auth/api-key.js';
import { LowdbStore } from '../../../server/store/lowdb/store.js';
import type { Plan } from '../../../server/store/contracts/accounts.js';
import { fakeFetcher } from './fake-fetcher.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (undefined when it is not JSON). */
  json: any;
}

export interface RequestOptions {
  /** API key; `null` sends no Authorization header. Defaults to the test's Agency key. */
  key?: string | null;
  body?: unknown;
  /** Sent as is (not JSON-encoded). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  dataDir: string;
  store: LowdbStore;
  citable: CitableApp;
  server: http.Server;
  /** An Agency account and its key. */
  accountId: string;
  key: string;
  request(method: string, pathname: string, options?: RequestOptions): Promise<ApiResponse>;
  newAccount(plan?: Plan): Promise<{ accountId: string; key: string }>;
  newKey(accountId: string): Promise<{ keyId: string; key: string }>;
  /** Stops the server and closes the store; keeps the data directory unless `removeData`. */
  close(options?: { removeData?: boolean }): Promise<void>;
}

export async function startTestApi(deps: Partial<AppDeps> & { dataDir?: string } = {}): Promise<TestApi> {
  const dataDir = deps.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'citable-api-')));
  const store = deps.store instanceof LowdbStore ? deps.store : await LowdbStore.open(dataDir);
  const citable = createApp({ fetcher: fakeFetcher(), ...deps, store });
  const { server, url } = await listen(citable.app.callback(), { host: '127.0.0.1', port: 0, tlsCert: null, tlsKey: null });

  const newKey = async (accountId: string) => {
    const key = generateApiKey();
    const record = await store.createKey({ account_id: accountId, name: 'test', prefix: key.prefix, hash: key.hash });
    return { keyId: record.id, key: key.key };
  };
  const newAccount = async (plan: Plan = 'agency') => {
    const account = await store.createAccount({ name: `test ${plan}`, plan });
    return { accountId: account.id, key: (await newKey(account.id)).key };
  };
  const main = await newAccount('agency');

  const request = async (method: string, pathname: string, options: RequestOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? main.key : options.key;
    if (key !== null) headers.authorization ??= `Bearer ${key}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${pathname}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  return {
    url,
    dataDir,
    store,
    citable,
    server,
    ...main,
    request,
    newAccount,
    newKey,
    async close(options = {}) {
      await citable.crawls.stop(); // running crawls stop unfinished (a reopened store resumes them)
      await citable.traffic.idle(); // log uploads being read finish
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      if (options.removeData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
