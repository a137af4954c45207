import { auditSnapshot } from '../../shared/audit/audit-snapshot.js';
import { gatherForAudit } from '../../shared/audit/gather-for-audit.js';
import { serveDemoSite } from '../demo/serve-demo-site.js';
import { createNodeFetcher } from '../net/node-fetcher.js';
import { renderReport } from './report/render-report.js';
import { shouldColor } from './report/style.js';
import type { CliIo } from './io.js';
import { startCommand } from './command-args.js';

const USAGE = 'Usage: citable demo [--json] | citable demo --serve [--port N]';
const HELP = `${USAGE}

Serves a small demo site (a bakery: several pages, robots.txt, llms.txt, a sitemap, JSON-LD, and a
deliberate fault or two) on 127.0.0.1 and audits it with the real engine, offline: the report a real
site gets, in one command. Nothing leaves this machine.

  --json       print the audit object instead of the report
  --serve      keep the demo site running (until Ctrl-C) instead, to audit it through the API:
               AUDIT_ALLOW_PRIVATE=1 npm start, then POST /api/v1/audits {"url": "<the printed URL>"}
  --port N     the port to serve on with --serve (default: any free port)
`;

/** `citable demo` (`npm run demo`): a first real report without the internet (README, "Five-minute tour"). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    {
      name: 'demo',
      usage: USAGE,
      help: HELP,
      options: { json: { type: 'boolean' }, serve: { type: 'boolean' }, port: { type: 'string' } },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length > 0) return fail(`unexpected ${positionals.join(' ')}. ${USAGE}`);
  if (values.port !== undefined && !values.serve) return fail('--port goes with --serve.');
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port))
    return fail(`--port takes a port number from 0 to 65535 (got ${values.port}).`);
  const port = Number(values.port ?? 0);
  if (port > 65_535) return fail(`--port takes a port number from 0 to 65535 (got ${values.port}).`);

  let site;
  try {
    site = await serveDemoSite(port);
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE')
      return fail(`port ${port} on 127.0.0.1 is already in use: choose another with --port.`);
    throw error;
  }
  if (values.serve) return serveUntilStopped(site, io);
  try {
    // The guard against private addresses stays on for every other command; this one fetches only its
    // own site on 127.0.0.1, which the guard would refuse.
    const snapshot = await gatherForAudit(site.url, { fetcher: createNodeFetcher({ allowPrivate: true }) });
    const audit = auditSnapshot(snapshot, { id: crypto.randomUUID() });
    io.stdout.write(
      values.json
        ? `${JSON.stringify(audit, null, 2)}\n`
        : renderReport(audit, { color: shouldColor(io.stdout, io.env), columns: io.stdout.columns }),
    );
    if (!values.json) {
      io.stdout.write(
        '\nThat was a demo site on this machine. Audit a real one with `npx citable audit example.com`, or take the five-minute tour of README.md (the API against this demo site).\n',
      );
    }
    return 0;
  } finally {
    await site.close();
  }
}

/** --serve: prints the site's URL, then serves until SIGINT or SIGTERM; exit 0. */
async function serveUntilStopped(site: { url: string; close(): Promise<void> }, io: CliIo): Promise<number> {
  io.stdout.write(
    `Demo site on ${site.url} (Ctrl-C to stop)\nAudit it through the API started with AUDIT_ALLOW_PRIVATE=1: POST /api/v1/audits {"url": "${site.url}"}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await site.close();
  return 0;
}
