import { generateApiKey } from '../auth/api-key.js';
import { parseDuration } from '../settings/duration.js';
import { KEY_SCOPES, type Account, type ApiKeyRecord, type KeyScope } from '../store/contracts/accounts.js';
import { type Store } from '../store/contracts/store.js';
import type { CliIo } from './io.js';
import { openCliStore, tableText, whereItLooked } from './open-cli-store.js';
import { startCommand } from './command-args.js';
import { safe } from './report/text.js';

const USAGE =
  'Usage: citable keys create --account ID [--name NAME] [--scope read|full] [--expires-in 30d] [--json] | citable keys list --account ID [--json] | citable keys revoke KEY_ID';
const HELP = `${USAGE}

API keys of the server's store: PostgreSQL when DATABASE_URL is set (as for the server: set the same
DATABASE_URL), else the data directory DATA_DIR (default ./data). A key is printed once, when created; the
server keeps only its SHA-256 hash and a short prefix. Revoking takes effect on the next request.

  keys create --account ID [--name NAME]   create a key for an account and print it (once)
    --scope read                           a read-only key: GET only (POST, PUT, DELETE answer 403),
                                           for a client's dashboard or reporting; default full
    --expires-in DURATION                  the key stops working after this long (30d, 12h, 90m);
                                           it is then refused (401) like a revoked key; default never
  keys list --account ID                   list an account's keys (id, prefix, scope, dates, name)
  keys revoke KEY_ID                       revoke a key for good
  --json                                   machine-readable output
`;

const OPTIONS = {
  account: { type: 'string' },
  name: { type: 'string' },
  scope: { type: 'string' },
  'expires-in': { type: 'string' },
  json: { type: 'boolean' },
} as const;

interface KeyValues {
  account?: string;
  name?: string;
  scope?: string;
  'expires-in'?: string;
  json?: boolean;
}

/** What `keys create` and `keys list` were asked, checked. */
interface KeyRequest {
  account: string;
  scope: KeyScope;
  /** How long a created key works; null: until revoked. */
  lifetimeMs: number | null;
}

/** `citable keys`: create, list and revoke API keys (docs/api-decisions.md#accounts-and-keys). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'keys', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [action, ...rest] = positionals;

  if (action === 'create' || action === 'list') {
    if (rest.length > 0) return fail(`unexpected ${rest.join(' ')}. ${USAGE}`);
    const request = keyRequest(action, values);
    if (typeof request === 'string') return fail(request);
    return await createOrList(action, request, values, io, fail);
  }
  if (action === 'revoke') return await revoke(rest, io, fail);
  return fail(action ? `unknown action "${action}". ${USAGE}` : USAGE);
}

/** The account, scope and lifetime of `keys create|list`, or what is wrong with them. */
function keyRequest(action: 'create' | 'list', values: KeyValues): KeyRequest | string {
  if (!values.account) return `--account is required. ${USAGE}`;
  if (action === 'list' && (values.scope !== undefined || values['expires-in'] !== undefined))
    return '--scope and --expires-in are for keys create.';
  const scope = values.scope ?? 'full';
  if (!(KEY_SCOPES as readonly string[]).includes(scope)) return `--scope must be read or full (got ${safe(scope)}).`;
  const lifetimeMs = values['expires-in'] === undefined ? null : parseDuration(values['expires-in']);
  if (lifetimeMs === 0 || (values['expires-in'] !== undefined && lifetimeMs === null)) {
    return `--expires-in takes a duration such as 30d, 12h or 90m (got ${safe(values['expires-in']!)}).`;
  }
  return { account: values.account, scope: scope as KeyScope, lifetimeMs };
}

async function createOrList(
  action: 'create' | 'list',
  request: KeyRequest,
  values: KeyValues,
  io: CliIo,
  fail: (message: string) => number,
): Promise<number> {
  const store = await openCliStore(io, { existing: true }); // no data directory: no account, and none is created
  try {
    const account = store ? await store.getAccount(request.account) : null;
    if (!store) return fail(`no account ${safe(request.account)}${await whereItLooked(io)}`);
    if (!account) return fail(`no account ${safe(request.account)} (see citable accounts list)`);
    if (action === 'create') return await create(store, account, request, values, io);
    return await list(store, account.id, values.json === true, io);
  } finally {
    await store?.close();
  }
}

/** `keys create`: a new key, printed this once. */
async function create(store: Store, account: Account, request: KeyRequest, values: KeyValues, io: CliIo): Promise<number> {
  const key = generateApiKey();
  const record = await store.createKey({
    account_id: account.id,
    name: values.name?.trim() || 'key',
    prefix: key.prefix,
    hash: key.hash,
    scope: request.scope,
    expires_at: request.lifetimeMs === null ? null : new Date(Date.now() + request.lifetimeMs).toISOString(),
  });
  io.stdout.write(
    values.json
      ? `${JSON.stringify({ id: record.id, account_id: account.id, name: record.name, scope: record.scope, expires_at: record.expires_at, key: key.key })}\n`
      : `Created key ${record.id} for ${account.id} "${account.name}"${describeKey(record)}. It is shown only this once:\n\n  ${key.key}\n\n`,
  );
  if (!values.json && account.plan !== 'agency')
    io.stderr.write(`Note: ${account.id} is on the ${account.plan} plan; the API answers 403 until it is on agency.\n`);
  return 0;
}

/** `keys list`: an account's keys, never their hashes. */
async function list(store: Store, accountId: string, json: boolean, io: CliIo): Promise<number> {
  const keys = await store.listKeys(accountId);
  const shown = keys.map(({ hash: _hash, ...visible }) => visible); // the hash stays on the server
  if (json) io.stdout.write(`${JSON.stringify(shown)}\n`);
  else if (keys.length === 0) io.stdout.write(`No keys for ${accountId}. Create one: citable keys create --account ${accountId}\n`);
  else {
    io.stdout.write(
      tableText([
        ['ID', 'PREFIX', 'SCOPE', 'EXPIRES', 'CREATED', 'REVOKED', 'NAME'],
        ...shown.map((k) => [k.id, `${k.prefix}…`, k.scope, k.expires_at ?? 'never', k.created_at, k.revoked_at ?? '-', k.name]),
      ]),
    );
  }
  return 0;
}

/** `keys revoke KEY_ID`: for good; a key revoked already keeps its first revocation time. */
async function revoke(rest: string[], io: CliIo, fail: (message: string) => number): Promise<number> {
  if (rest.length !== 1) return fail(`revoke takes one KEY_ID. ${USAGE}`);
  const store = await openCliStore(io, { existing: true });
  const asked = Date.now();
  const key = store ? await store.revokeKey(rest[0]!) : null;
  await store?.close();
  if (!key) return fail(`no key ${safe(rest[0]!)}${(await whereItLooked(io)) || ' (see citable keys list --account ID)'}`);
  // revokeKey keeps the first revocation's time: one before this command means it was revoked already.
  const already = Date.parse(key.revoked_at ?? '') < asked;
  io.stdout.write(
    already
      ? `Key ${key.id} (${key.prefix}…) of ${key.account_id} was already revoked at ${key.revoked_at}; nothing changed.\n`
      : `Revoked key ${key.id} (${key.prefix}…) of ${key.account_id} at ${key.revoked_at}.\n`,
  );
  return 0;
}

/** ": read-only (GET only), expires at ...", or nothing for a key with full access that never expires. */
function describeKey(key: ApiKeyRecord): string {
  const traits = [key.scope === 'read' ? 'read-only (GET only)' : '', key.expires_at ? `expires at ${key.expires_at}` : ''].filter(Boolean);
  return traits.length > 0 ? `: ${traits.join(', ')}` : '';
}
