import { openCliRenderer } from './cli-renderer.js';
import type { PageRendererHost } from '../render/page-renderer.js';
import { Console } from 'node:console';
import { API_KEY_PATTERN } from '../auth/api-key.js';
import { createJsonLogger } from '../logging/logger.js';
import { createLocalBackend } from '../mcp/backends/local-backend.js';
import { createRemoteBackend, parseApiUrl } from '../mcp/backends/remote-backend.js';
import type { McpBackend } from '../mcp/backend.js';
import { serveStdio } from '../mcp/stdio/serve-stdio.js';
import { startCommand } from './command-args.js';
import type { CliIo } from './io.js';
import { ConfigError } from '../settings/parse.js';
import { readAuditSettings, type AuditSettings } from '../settings/audit-settings.js';

const USAGE = 'Usage: citable mcp [--api-url URL]';
const HELP = `${USAGE}

Serves Citable's tools to AI agents over the Model Context Protocol on stdin and stdout.
An MCP client (Claude Desktop, Claude Code, Cursor, ...) starts this command; see docs/mcp.md.

Without a server: audit_url runs audits on this machine (the same engine and SSRF guard as
citable audit) and get_audit reads the audits this process ran, until it stops.
With a Citable server: every tool goes to its REST API with the key. Audits are stored in the
account and count toward its limit of 10 a minute; list_citations is offered too.

  --api-url URL   a Citable server, such as http://127.0.0.1:8787 (default: CITABLE_API_URL)
  --api-key KEY   its API key (default: CITABLE_API_KEY, which keeps the key out of the process list)

Environment:
  CITABLE_API_URL, CITABLE_API_KEY   the server and key, as above
  AUDIT_ALLOW_PRIVATE=1              local audits may fetch private and loopback addresses
  AUDIT_DEADLINE_MS                  overall deadline of a local audit in ms (default 45000)

stdout carries protocol messages only; diagnostics go to stderr. Exit codes: 0 once stdin ends,
2 for wrong arguments.
`;

/** `citable mcp` (docs/api-decisions.md#mcp-server): the MCP tools over stdio. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    { name: 'mcp', usage: USAGE, help: HELP, options: { 'api-url': { type: 'string' }, 'api-key': { type: 'string' } } },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length > 0) return fail(`takes no arguments besides its options. ${USAGE}`);

  const apiUrl = values['api-url'] ?? (io.env.CITABLE_API_URL || undefined);
  const apiKey = values['api-key'] ?? (io.env.CITABLE_API_KEY || undefined);
  let backend: McpBackend;
  let renderer: PageRendererHost | undefined;
  if (apiUrl !== undefined || apiKey !== undefined) {
    if (apiUrl === undefined) return fail('an API key needs a server: set CITABLE_API_URL (or --api-url) as well.');
    if (apiKey === undefined) return fail('a server needs an API key: set CITABLE_API_KEY (or --api-key) as well.');
    const parsed = parseApiUrl(apiUrl);
    if (!parsed.ok) return fail(`${parsed.message}.`);
    if (!API_KEY_PATTERN.test(apiKey))
      return fail('the API key does not look like a Citable key (cit_ followed by 32 letters and digits).');
    backend = createRemoteBackend({ apiUrl: parsed.url, apiKey });
  } else {
    let settings: AuditSettings;
    try {
      settings = readAuditSettings(io.env); // the server's reader: the same values mean the same thing
    } catch (err) {
      if (err instanceof ConfigError) return fail(err.message);
      throw err;
    }
    const host = openCliRenderer(io.env, settings.allowPrivate);
    if (typeof host !== 'string') renderer = host;
    backend = createLocalBackend({ ...settings, ...(renderer ? { renderer } : {}) });
  }

  // stdout belongs to the protocol: anything a library might print with console goes to stderr instead.
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  if (process.stdin.isTTY)
    io.stderr.write('citable mcp: serving MCP on stdin and stdout for an MCP client to start (citable mcp --help); Ctrl-D ends it.\n');
  const logger = createJsonLogger('warn', (line) => io.stderr.write(line));
  await serveStdio(backend, { stdin: process.stdin, stdout: process.stdout, logger });
  await renderer?.close();
  return 0;
}
