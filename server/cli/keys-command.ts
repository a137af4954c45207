import { generateApiKey } from '../auth/api-key.js';
import type { CliIo } from './io.js';
import { openCliStore, tableText } from './open-cli-store.js';
import { startCommand } from './command-args.js';
import { safe } from './report/text.js';

const USAGE =
  'Usage: citable keys create --account ID [--name NAME] [--json] | citable keys list --account ID [--json] | citable keys revoke KEY_ID';
const HELP = `${USAGE}

API keys of the server in DATA_DIR (default ./data). A key is printed once, when created; the server
keeps only its SHA-256 hash and a short prefix. Revoking takes effect on the next request.

  keys create --account ID [--name NAME]   create a key for an account and print it (once)
  keys list --account ID                   list an account's keys (id, name, prefix, dates)
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
    const store = await openCliStore(io, { existing: true }); // no data directory: no account, and none is created
    try {
      const account = store ? await store.getAccount(values.account) : null;
      if (!store || !account) return fail(`no account ${safe(values.account)} (see citable accounts list)`);
      if (action === 'create') {
        const key = generateApiKey();
        const record = await store.createKey({ account_id: account.id, name: values.name?.trim() || 'key', prefix: key.prefix, hash: key.hash });
        io.stdout.write(
          values.json
            ? `${JSON.stringify({ id: record.id, account_id: account.id, name: record.name, key: key.key })}\n`
            : `Created key ${record.id} for ${account.id} "${account.name}". It is shown only this once:\n\n  ${key.key}\n\n`,
        );
        if (!values.json && account.plan !== 'agency') io.stderr.write(`Note: ${account.id} is on the ${account.plan} plan; the API answers 403 until it is on agency.\n`);
        return 0;
      }
      const keys = await store.listKeys(account.id);
      const shown = keys.map(({ hash: _hash, ...visible }) => visible); // the hash stays on the server
      if (values.json) io.stdout.write(`${JSON.stringify(shown)}\n`);
      else if (keys.length === 0) io.stdout.write(`No keys for ${account.id}. Create one: citable keys create --account ${account.id}\n`);
      else {
        io.stdout.write(
          tableText([
            ['ID', 'PREFIX', 'CREATED', 'REVOKED', 'NAME'],
            ...shown.map((k) => [k.id, `${k.prefix}…`, k.created_at, k.revoked_at ?? '-', k.name]),
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
    if (!key) return fail(`no key ${safe(rest[0]!)} (see citable keys list --account ID)`);
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
