import { PLANS, type Plan } from '../store/contracts/accounts.js';
import type { CliIo } from './io.js';
import { openCliStore, tableText, whereItLooked } from './open-cli-store.js';
import { startCommand } from './command-args.js';
import { deleteAccountCommand } from './accounts-delete.js';

const USAGE =
  'Usage: citable accounts create --name NAME [--plan free|pro|agency] [--json] | citable accounts list [--json] | citable accounts delete ID --yes [--json]';
const HELP = `${USAGE}

Accounts of the API server's store: PostgreSQL when DATABASE_URL is set (set the same DATABASE_URL as the
server), else the data directory DATA_DIR (default ./data). The API needs the Agency plan.

  accounts create --name NAME [--plan P]   create an account (plan defaults to agency); prints its id
  accounts list                            list every account
  accounts delete ID --yes                 delete the account and every record of it, for good (without --yes:
                                           say what would go); the embedded store needs the server stopped
  --json                                   machine-readable output
`;

/** `citable accounts`: the "account settings" of docs/api-decisions.md#accounts-and-keys, on the server machine. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    {
      name: 'accounts',
      usage: USAGE,
      help: HELP,
      options: {
        name: { type: 'string' },
        plan: { type: 'string' },
        json: { type: 'boolean' },
        yes: { type: 'boolean' },
      },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [action, ...extra] = positionals;
  if (action === 'delete') {
    if (extra.length !== 1) return fail(`name one account: accounts delete ID --yes. ${USAGE}`);
    return deleteAccountCommand(extra[0]!, values.yes === true, values.json === true, io);
  }
  if (extra.length > 0) return fail(`unexpected ${extra.join(' ')}. ${USAGE}`);

  if (action === 'create') {
    const name = values.name?.trim();
    if (!name) return fail(`--name is required. ${USAGE}`);
    const plan = (values.plan ?? 'agency').toLowerCase();
    if (!(PLANS as readonly string[]).includes(plan)) return fail(`--plan must be one of ${PLANS.join(', ')}`);
    const store = await openCliStore(io);
    const account = await store.createAccount({ name, plan: plan as Plan });
    await store.close();
    io.stdout.write(
      values.json
        ? `${JSON.stringify(account)}\n`
        : `Created account ${account.id} "${account.name}" (${account.plan} plan).\nCreate its first key: citable keys create --account ${account.id}\n`,
    );
    return 0;
  }
  if (action === 'list') {
    if (values.name || values.plan) return fail(`list takes no --name or --plan. ${USAGE}`);
    const store = await openCliStore(io, { existing: true }); // listing never creates an empty data directory
    const accounts = store ? await store.listAccounts() : [];
    await store?.close();
    if (values.json) io.stdout.write(`${JSON.stringify(accounts)}\n`);
    else if (accounts.length === 0) {
      io.stdout.write(
        `No accounts yet${store ? '' : await whereItLooked(io)}${store ? '.' : ''} Create one: citable accounts create --name NAME --plan agency\n`,
      );
    } else io.stdout.write(tableText([['ID', 'PLAN', 'CREATED', 'NAME'], ...accounts.map((a) => [a.id, a.plan, a.created_at, a.name])]));
    return 0;
  }
  return fail(action ? `unknown action "${action}". ${USAGE}` : USAGE);
}
