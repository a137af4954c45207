import { generateApiKey } from '../auth/api-key.js';
import { parseDuration } from '../settings/duration.js';
import { KEY_SCOPES, type ApiKeyRecord, type KeyScope } from '../store/contracts/accounts.js';
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

/** `citable keys`: create, list and revoke API keys (contract section 4). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    {
      name: 'keys',
      usage: USAGE,
      help: HELP,
      options: {
        account: { type: 'string' },
        name: { type: 'string' },
        scope: { type: 'string' },
        'expires-in': { type: 'string' },
        json: { type: 'boolean' },
      },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [action, ...rest] = positionals;

  if (action === 'create' || action === 'list') {
    if (rest.length > 0) return fail(`unexpected ${rest.join(' ')}. ${USAGE}`);
    if (!values.account) return fail(`--account is required. ${USAGE}`);
    if (action === 'list' && (values.scope !== undefined || values['expires-in'] !== undefined))
      return fail('--scope and --expires-in are for keys create.');
    const scope = values.scope ?? 'full';
    if (!(KEY_SCOPES as readonly string[]).includes(scope)) return fail(`--scope must be read or full (got ${safe(scope)}).`);
    const lifetimeMs = values['expires-in'] === undefined ? null : parseDuration(values['expires-in']);
    if (lifetimeMs === 0 || (values['expires-in'] !== undefined && lifetimeMs === null)) {
      return fail(`--expires-in takes a duration such as 30d, 12h or 90m (got ${safe(values['expires-in']!)}).`);
    }
    const store = await openCliStore(io, { existing: true }); // no data directory: no account, and none is created
    try {
      const account = store ? await store.getAccount(values.account) : null;
      if (!store) return fail(`no account ${safe(values.account)}${await whereItLooked(io)}`);
      if (!account) return fail(`no account ${safe(values.account)} (see citable accounts list)`);
      if (action === 'create') {
        const key = generateApiKey();
        const record = await store.createKey({
          account_id: account.id,
          name: values.name?.trim() || 'key',
          prefix: key.prefix,
          hash: key.hash,
          scope: scope as KeyScope,
          expires_at: lifetimeMs === null ? null : new Date(Date.now() + lifetimeMs).toISOString(),
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
      const keys = await store.listKeys(account.id);
      const shown = keys.map(({ hash: _hash, ...visible }) => visible); // the hash stays on the server
      if (values.json) io.stdout.write(`${JSON.stringify(shown)}\n`);
      else if (keys.length === 0) io.stdout.write(`No keys for ${account.id}. Create one: citable keys create --account ${account.id}\n`);
      else {
        io.stdout.write(
          tableText([
            ['ID', 'PREFIX', 'SCOPE', 'EXPIRES', 'CREATED', 'REVOKED', 'NAME'],
            ...shown.map((k) => [k.id, `${k.prefix}…`, k.scope, k.expires_at ?? 'never', k.created_at, k.revoked_at ?? '-', k.name]),
          ]),
        );
      }
      return 0;
    } finally {
      await store?.close();
    }
  }
  if (action === 'revoke') {
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
  return fail(action ? `unknown action "${action}". ${USAGE}` : USAGE);
}

/** ": read-only (GET only), expires at ...", or nothing for a key with full access that never expires. */
function describeKey(key: ApiKeyRecord): string {
  const traits = [key.scope === 'read' ? 'read-only (GET only)' : '', key.expires_at ? `expires at ${key.expires_at}` : ''].filter(Boolean);
  return traits.length > 0 ? `: ${traits.join(', ')}` : '';
}
