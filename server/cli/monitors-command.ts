import { createAddressGuard } from '../net/address-guard.js';
import { limitMessage, MONITOR_LIMIT, newMonitor } from '../monitors/new-monitor.js';
import { monitorToWire } from '../monitors/monitor-wire.js';
import { readAuditSettings } from '../settings/audit-settings.js';
import type { MonitorStore } from '../store/contracts/monitors.js';
import type { Store } from '../store/contracts/store.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';
import { openCliStore, tableText } from './open-cli-store.js';
import { safe } from './report/text.js';

const USAGE =
  'Usage: citable monitors add --account ID --url URL --every hour|day|week [--kind audit|crawl] [--max-pages N] [--json] | ' +
  'citable monitors list --account ID [--json] | citable monitors remove|run|pause|resume MONITOR_ID --account ID';
const HELP = `${USAGE}

Monitors of the server's data (DATA_DIR, or DATABASE_URL): a URL re-audited, or a site re-crawled,
every hour, day or week. The running server picks up what this changes at its next look (MONITOR_TICK,
default 30 s); each due time runs once however many server processes there are.

  monitors add --account ID --url URL --every P   create a monitor (--kind audit, the default, or crawl;
                                                  --max-pages 1-10000 for crawls, default 100); its first
                                                  run starts at the server's next look
  monitors list --account ID                      the account's monitors, paused or active, their next and
                                                  last runs
  monitors remove MONITOR_ID --account ID         delete a monitor (its audits stay)
  monitors run MONITOR_ID --account ID            ask for a run now (the schedule does not change)
  monitors pause MONITOR_ID --account ID          stop its runs (settings and history stay) until resumed
  monitors resume MONITOR_ID --account ID         run it again: if a run came due while paused, one
                                                  catch-up run at the server's next look, then every
                                                  period from now
  --json                                          machine-readable output

AUDIT_ALLOW_PRIVATE=1 allows private and loopback URLs, as for the server.
`;

const OPTIONS = {
  account: { type: 'string' },
  url: { type: 'string' },
  every: { type: 'string' },
  kind: { type: 'string' },
  'max-pages': { type: 'string' },
  json: { type: 'boolean' },
} as const;

const ACTIONS = ['add', 'list', 'remove', 'run', 'pause', 'resume'];

type Fail = (message: string) => number;

/** `citable monitors`: what POST/GET/DELETE/PATCH /monitors and POST /monitors/{id}/run do, on the server machine. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'monitors', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [action, ...rest] = positionals;
  const problem = usageProblem(action, rest, values);
  if (problem) return fail(problem);

  const store = await openCliStore(io, { existing: true });
  try {
    const account = store ? await store.getAccount(values.account!) : null;
    if (!store || !account) return fail(`no account ${safe(values.account!)} (see citable accounts list)`);
    const monitors = await store.monitors();
    if (action === 'add') return await add(store, account.id, values, io, fail);
    if (action === 'list') return await list(monitors, account.id, values.json === true, io);
    return await change(monitors, action!, { accountId: account.id, id: rest[0]! }, io, fail);
  } finally {
    await store?.close();
  }
}

/** What is wrong with the action, its arguments and options as given, or null. */
function usageProblem(action: string | undefined, rest: string[], values: Record<string, string | boolean | undefined>): string | null {
  if (!action || !ACTIONS.includes(action)) return action ? `unknown action "${safe(action)}". ${USAGE}` : USAGE;
  if (!values.account) return `--account is required. ${USAGE}`;
  const takesId = action !== 'add' && action !== 'list';
  if (takesId ? rest.length !== 1 : rest.length > 0)
    return takesId ? `${action} takes one MONITOR_ID. ${USAGE}` : `unexpected ${safe(rest.join(' '))}. ${USAGE}`;
  if (action !== 'add' && (values.url || values.every || values.kind || values['max-pages']))
    return `${action} takes no --url, --every, --kind or --max-pages. ${USAGE}`;
  return null;
}

/** `monitors list`: the account's monitors, paused or active, their next and last runs. */
async function list(monitors: MonitorStore, accountId: string, json: boolean, io: CliIo): Promise<number> {
  const stored = await monitors.listMonitors(accountId);
  const now = Date.now();
  const shown = stored.map((m) => monitorToWire(m, now));
  if (json) io.stdout.write(`${JSON.stringify(shown)}\n`);
  else if (shown.length === 0)
    io.stdout.write(`No monitors for ${accountId}. Add one: citable monitors add --account ${accountId} --url URL --every day\n`);
  else {
    io.stdout.write(
      tableText([
        ['ID', 'KIND', 'EVERY', 'STATE', 'NEXT RUN', 'LAST RUN', 'LAST RESULT', 'URL'],
        ...shown.map((m) => [
          m.id,
          m.kind,
          m.every,
          m.paused ? 'paused' : m.running ? 'running' : 'active',
          m.paused ? '-' : m.next_run_at,
          m.last_run_at ?? '-',
          m.last_error ? `error: ${m.last_error}` : (m.last_result_id ?? '-'),
          safe(m.url),
        ]),
      ]),
    );
  }
  return 0;
}

/** `monitors pause|resume|remove|run MONITOR_ID`. */
async function change(
  monitors: MonitorStore,
  action: string,
  { accountId, id }: { accountId: string; id: string },
  io: CliIo,
  fail: Fail,
): Promise<number> {
  const unknown = () => fail(`no monitor ${safe(id)} for ${accountId} (see citable monitors list --account ${accountId})`);
  if (action === 'pause' || action === 'resume') {
    const changed = await monitors.setPaused(accountId, id, action === 'pause', Date.now());
    if (!changed) return unknown();
    io.stdout.write(
      action === 'pause'
        ? `Paused monitor ${id} (${safe(changed.url)}) since ${changed.paused_at}: no runs until citable monitors resume ${id} --account ${accountId}.\n`
        : `Resumed monitor ${id} (${safe(changed.url)}): next run ${new Date(changed.next_run_ms).toISOString()} (the server looks every MONITOR_TICK, default 30 s).\n`,
    );
    return 0;
  }
  if (action === 'remove') {
    if (!(await monitors.deleteMonitor(accountId, id))) return unknown();
    io.stdout.write(`Removed monitor ${id}; the audits it stored stay.\n`);
    return 0;
  }
  const asked = await monitors.requestRun(accountId, id, Date.now());
  if (!asked) return unknown();
  if (asked.paused_at !== null)
    return fail(`monitor ${id} is paused: resume it first (citable monitors resume ${id} --account ${accountId})`);
  io.stdout.write(
    `Asked for a run of ${id} (${safe(asked.url)}): the server starts it at its next look (MONITOR_TICK, default 30 s). Its schedule does not change.\n`,
  );
  return 0;
}

async function add(
  store: Store,
  accountId: string,
  values: Record<string, string | boolean | undefined>,
  io: CliIo,
  fail: Fail,
): Promise<number> {
  if (!values.url || !values.every) return fail(`add needs --url and --every. ${USAGE}`);
  const maxPages = values['max-pages'];
  if (maxPages !== undefined && !/^\d{1,6}$/.test(String(maxPages)))
    return fail(`--max-pages must be an integer from 1 to 10000, got ${safe(String(maxPages))}`);
  const input = {
    url: values.url,
    kind: values.kind ?? 'audit',
    every: values.every,
    ...(maxPages !== undefined ? { max_pages: Number(maxPages) } : {}),
  };
  const guard = createAddressGuard({ allowPrivate: readAuditSettings(io.env).allowPrivate });
  const made = newMonitor(accountId, input, new Date(), guard, (error) => error.issues[0]?.message ?? 'invalid value');
  if (!made.ok) return fail(made.message);
  if ((await (await store.monitors()).createMonitor(made.monitor, MONITOR_LIMIT)) === 'limit') return fail(limitMessage());
  const m = made.monitor;
  io.stdout.write(
    values.json
      ? `${JSON.stringify({ id: m.id, url: m.url, kind: m.kind, every: m.every, max_pages: m.max_pages, created_at: m.created_at, next_run_at: new Date(m.next_run_ms).toISOString() })}\n`
      : `Created monitor ${m.id}: ${m.kind === 'crawl' ? `crawl of ${safe(m.url)} (up to ${m.max_pages} pages)` : `audit of ${safe(m.url)}`}, every ${m.every}. The server runs it at its next look, then every ${m.every}.\n`,
  );
  return 0;
}
