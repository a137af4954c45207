import { readFile } from 'node:fs/promises';
import { WEBHOOK_EVENT_TYPES } from '../../shared/schema/webhook.js';
import { newEventId } from '../events/publisher.js';
import { createAddressGuard, type AddressGuard } from '../net/address-guard.js';
import { readAuditSettings } from '../settings/audit-settings.js';
import type { Store } from '../store/contracts/store.js';
import type { StoredWebhook, WebhookStore } from '../store/contracts/webhooks.js';
import { deliveryBody } from '../webhooks/delivery-body.js';
import { newWebhook, WEBHOOK_LIMIT, webhookLimitMessage } from '../webhooks/new-webhook.js';
import { sendWebhook } from '../webhooks/send-webhook.js';
import { DEFAULT_TOLERANCE_SECONDS, signatureHeader, verifySignature } from '../webhooks/signature.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';
import { openCliStore, tableText } from './open-cli-store.js';
import { safe } from './report/text.js';

const USAGE =
  'Usage: citable webhooks add --account ID --url URL [--events T,T|*] [--format json|slack] [--json] | ' +
  'citable webhooks list --account ID [--json] | citable webhooks remove|test WEBHOOK_ID --account ID | ' +
  'citable webhooks deliveries WEBHOOK_ID --account ID [--limit N] [--json] | ' +
  'citable webhooks verify --secret whsec_... --signature HEADER (--payload TEXT | --payload-file FILE) [--tolerance SECONDS]';
const HELP = `${USAGE}

Webhooks of the server's data (DATA_DIR, or DATABASE_URL), and a check of their signatures.

  webhooks add --account ID --url URL      create a webhook and print its signing secret (shown only
                                           once); --events: event types, comma-separated, or * (the
                                           default); --format json (the default) or slack
  webhooks list --account ID               the account's webhooks (never their secrets)
  webhooks remove WEBHOOK_ID --account ID  delete a webhook, its pending deliveries and its log
  webhooks test WEBHOOK_ID --account ID    send a signed ping from this terminal now and print the
                                           receiver's answer (exit 1 unless it is a 2xx); not retried,
                                           not in the log (POST /webhooks/{id}/test goes through both)
  webhooks deliveries WEBHOOK_ID --account ID   the delivery log, newest first (--limit, default 20)
  webhooks verify --secret S --signature H --payload TEXT | --payload-file FILE
                                           check a Citable-Signature header against the raw body a
                                           receiver got: exit 0 when valid, 1 with the reason when not;
                                           --tolerance: oldest accepted timestamp in seconds (default ${DEFAULT_TOLERANCE_SECONDS})
  --json                                   machine-readable output

Event types: ${WEBHOOK_EVENT_TYPES.join(', ')}.
URLs pass the SSRF guard (after DNS); AUDIT_ALLOW_PRIVATE=1 allows private and loopback receivers.
`;

const OPTIONS = {
  account: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  format: { type: 'string' },
  limit: { type: 'string' },
  secret: { type: 'string' },
  signature: { type: 'string' },
  payload: { type: 'string' },
  'payload-file': { type: 'string' },
  tolerance: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const ACTIONS = ['add', 'list', 'remove', 'test', 'deliveries'];

type Values = Record<string, string | boolean | undefined>;
type Fail = (message: string) => number;

/** `citable webhooks`: what the /webhooks routes do, on the server machine, plus `verify` for receivers. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand({ name: 'webhooks', usage: USAGE, help: HELP, options: OPTIONS }, args, io);
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  const [action, ...rest] = positionals;
  if (action === 'verify') return verify(values, rest, io, fail);
  const problem = usageProblem(action, rest, values);
  if (problem) return fail(problem);
  const limit = values.limit === undefined ? 20 : Number(values.limit);

  const store = await openCliStore(io, { existing: true });
  try {
    const account = store ? await store.getAccount(values.account!) : null;
    if (!store || !account) return fail(`no account ${safe(values.account!)} (see citable accounts list)`);
    const hooks = await store.webhooks();
    const guard = createAddressGuard({ allowPrivate: readAuditSettings(io.env).allowPrivate });
    if (action === 'add') return await add(store, account.id, values, guard, io, fail);
    if (action === 'list') return await list(hooks, account.id, values.json === true, io);
    const id = rest[0]!;
    const webhook = await hooks.getWebhook(account.id, id);
    if (!webhook) return fail(`no webhook ${safe(id)} for ${account.id} (see citable webhooks list --account ${account.id})`);
    if (action === 'remove') {
      await hooks.deleteWebhook(account.id, id);
      io.stdout.write(`Removed webhook ${id} (${safe(webhook.url)}) with its pending deliveries and its log.\n`);
      return 0;
    }
    if (action === 'deliveries') return await deliveries(hooks, account.id, id, limit, values.json === true, io);
    return await ping(webhook, id, account.id, guard, io);
  } finally {
    await store?.close();
  }
}

/** What is wrong with the action, its arguments, --account and --limit as given, or null. */
function usageProblem(action: string | undefined, rest: string[], values: { account?: string; limit?: string }): string | null {
  if (!action || !ACTIONS.includes(action)) return action ? `unknown action "${safe(action)}". ${USAGE}` : USAGE;
  if (!values.account) return `--account is required. ${USAGE}`;
  const takesId = action !== 'add' && action !== 'list';
  if (takesId ? rest.length !== 1 : rest.length > 0)
    return takesId ? `${action} takes one WEBHOOK_ID. ${USAGE}` : `unexpected ${safe(rest.join(' '))}. ${USAGE}`;
  const limit = Number(values.limit);
  if (values.limit !== undefined && (!/^\d{1,3}$/.test(values.limit) || limit < 1 || limit > 100))
    return `--limit must be an integer from 1 to 100, got ${safe(values.limit)}`;
  return null;
}

/** `webhooks list`: the account's webhooks, never their secrets. */
async function list(hooks: WebhookStore, accountId: string, json: boolean, io: CliIo): Promise<number> {
  const shown = (await hooks.listWebhooks(accountId)).map(
    ({ secret: _secret, gone_streak: _streak, account_id: _account, ...visible }) => visible,
  );
  if (json) io.stdout.write(`${JSON.stringify(shown)}\n`);
  else if (shown.length === 0)
    io.stdout.write(`No webhooks for ${accountId}. Add one: citable webhooks add --account ${accountId} --url URL\n`);
  else
    io.stdout.write(
      tableText([
        ['ID', 'FORMAT', 'EVENTS', 'STATE', 'URL'],
        ...shown.map((w) => [w.id, w.format, w.events.join(','), w.disabled_at ? `disabled ${w.disabled_at}` : 'active', safe(w.url)]),
      ]),
    );
  return 0;
}

/** `webhooks deliveries`: the delivery log, newest first. */
async function deliveries(hooks: WebhookStore, accountId: string, id: string, limit: number, json: boolean, io: CliIo): Promise<number> {
  const page = await hooks.listDeliveries(accountId, id, { limit });
  if (json) io.stdout.write(`${JSON.stringify(page.deliveries)}\n`);
  else if (page.deliveries.length === 0) io.stdout.write(`No deliveries for ${id} yet.\n`);
  else {
    io.stdout.write(
      tableText([
        ['ID', 'EVENT', 'TYPE', 'STATUS', 'ATTEMPTS', 'LAST', 'NEXT ATTEMPT / ERROR'],
        ...page.deliveries.map((d) => [
          d.id,
          d.event_id,
          d.type,
          d.status,
          String(d.attempts),
          d.last_status_code === null ? '-' : String(d.last_status_code),
          d.status === 'pending' && d.next_attempt_ms !== null ? new Date(d.next_attempt_ms).toISOString() : safe(d.last_error ?? ''),
        ]),
      ]),
    );
  }
  return 0;
}

/** `webhooks test`: one signed ping from here, now; not retried, not in the log. */
async function ping(webhook: StoredWebhook, id: string, accountId: string, guard: AddressGuard, io: CliIo): Promise<number> {
  const event = {
    id: newEventId(),
    account_id: accountId,
    type: 'ping' as const,
    created_at: new Date().toISOString(),
    data: { webhook_id: id, message: 'This is a test event from citable webhooks test.' },
    dedupe_key: null,
  };
  const body = deliveryBody(event, webhook.format);
  const outcome = await sendWebhook(
    {
      url: webhook.url,
      body,
      headers: {
        'citable-event': 'ping',
        'citable-event-id': event.id,
        'citable-delivery': 'dlv_cli',
        'citable-signature': signatureHeader(webhook.secret, Math.floor(Date.now() / 1000), body),
      },
    },
    { guard },
  );
  if (outcome.kind === 'ok') {
    io.stdout.write(`Sent a ping (${event.id}) to ${safe(webhook.url)}: ${outcome.statusCode} in ${outcome.durationMs} ms.\n`);
    return 0;
  }
  io.stderr.write(`citable webhooks: the ping to ${safe(webhook.url)} failed: ${safe(outcome.error ?? 'no answer')}\n`);
  return 1;
}

async function add(store: Store, accountId: string, values: Values, guard: AddressGuard, io: CliIo, fail: Fail): Promise<number> {
  if (!values.url) return fail(`add needs --url. ${USAGE}`);
  const events = String(values.events ?? '*')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const made = await newWebhook(
    accountId,
    { url: values.url, events, ...(values.format ? { format: values.format } : {}) },
    new Date(),
    guard,
    (error) => error.issues[0]?.message ?? 'invalid value',
  );
  if (!made.ok) return fail(made.message);
  if ((await (await store.webhooks()).createWebhook(made.webhook, WEBHOOK_LIMIT)) === 'limit') return fail(webhookLimitMessage());
  const w = made.webhook;
  io.stdout.write(
    values.json
      ? `${JSON.stringify({ id: w.id, url: w.url, events: w.events, format: w.format, created_at: w.created_at, secret: w.secret })}\n`
      : `Created webhook ${w.id} for ${safe(w.url)} (${w.events.join(', ')}; ${w.format}). Its signing secret is shown only this once:\n\n  ${w.secret}\n\nVerify deliveries with it (docs/monitors-webhooks.md, "Signatures"); try it: citable webhooks test ${w.id} --account ${accountId}\n`,
  );
  return 0;
}

async function verify(values: Values, rest: string[], io: CliIo, fail: Fail): Promise<number> {
  if (rest.length > 0) return fail(`verify takes no positional arguments. ${USAGE}`);
  const secret = values.secret as string | undefined;
  const signature = values.signature as string | undefined;
  if (!secret || !signature) return fail(`verify needs --secret and --signature. ${USAGE}`);
  if ((values.payload === undefined) === (values['payload-file'] === undefined))
    return fail('verify needs the raw body: --payload TEXT or --payload-file FILE (one of them)');
  let body: Buffer;
  if (values['payload-file'] !== undefined) {
    try {
      body = await readFile(String(values['payload-file']));
    } catch (error) {
      return fail(`cannot read ${safe(String(values['payload-file']))}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  } else body = Buffer.from(String(values.payload));
  const tolerance = values.tolerance === undefined ? DEFAULT_TOLERANCE_SECONDS : Number(values.tolerance);
  if (!Number.isSafeInteger(tolerance) || tolerance < 0)
    return fail(`--tolerance must be a whole number of seconds, got ${safe(String(values.tolerance))}`);
  const result = verifySignature(secret, signature, body, { toleranceSeconds: tolerance });
  if (result.ok) {
    io.stdout.write(`Valid: signed at ${new Date(result.timestamp * 1000).toISOString()} with this secret.\n`);
    return 0;
  }
  io.stdout.write(`Invalid: ${result.reason}.\n`);
  return 1;
}
