/**
 * The `citable` command: a small dispatcher. Each subcommand is a module exporting
 * `run(args, io)`, imported only when that subcommand runs, so start-up stays fast.
 */

import { AUDIT_DEADLINE_DEFAULT_MS } from '../settings/audit-settings.js';
import type { CliCommand, CliIo } from './io.js';

export type { CliCommand, CliIo, CliWriter } from './io.js';

interface CommandEntry {
  usage: string;
  summary: string;
  load: () => Promise<CliCommand>;
}

/** To add a subcommand: one entry here and one module. */
const COMMANDS: Record<string, CommandEntry> = {
  audit: {
    usage: 'audit <url> [--json] [--fail-under N] [--format F] [--budget F] [--html F] [--pdf F]',
    summary: 'audit a page: can AI answer engines read, use and cite it?',
    load: () => import('./audit-command.js'),
  },
  crawl: {
    usage: 'crawl <url> [--max-pages N] [--json] [--fail-under N] [--format F] [--budget F]',
    summary: 'audit a whole site: pages from its sitemaps and links, then a site report',
    load: () => import('./crawl-command.js'),
  },
  fix: {
    usage: 'fix <url> [--out DIR] [--policy P] | fix --from audit.json',
    summary: 'write what to put on the site for the issues found: files, snippets, examples (--help)',
    load: () => import('./fix-command.js'),
  },
  worker: {
    usage: 'worker',
    summary: 'run site audits queued by API servers sharing DATABASE_URL and REDIS_URL (--help)',
    load: () => import('./worker-command.js'),
  },
  diff: {
    usage: 'diff <id> [<id>] | diff a.json b.json',
    summary: 'what changed between two audits (--help)',
    load: () => import('./diff-command.js'),
  },
  demo: {
    usage: 'demo [--json] [--serve]',
    summary: 'audit a demo site served on 127.0.0.1: a real report, offline',
    load: () => import('./demo-command.js'),
  },
  accounts: {
    usage: 'accounts create|list',
    summary: "the server's API accounts (and delete): in DATABASE_URL when set, else DATA_DIR (./data)",
    load: () => import('./accounts-command.js'),
  },
  keys: {
    usage: 'keys create|list|revoke',
    summary: 'API keys (printed once, stored hashed): DATABASE_URL, else DATA_DIR',
    load: () => import('./keys-command.js'),
  },
  citations: {
    usage: 'citations check|summary|sources',
    summary: "ask the AI answer engines now, or read a server's citation summary and sources (--help)",
    load: () => import('./citations-command.js'),
  },
  monitors: {
    usage: 'monitors add|list|remove|run',
    summary: 'monitors: a URL re-audited every hour, day or week (--help)',
    load: () => import('./monitors-command.js'),
  },
  webhooks: {
    usage: 'webhooks add|list|remove|test|deliveries|verify',
    summary: 'signed webhooks for events, and a signature check (--help)',
    load: () => import('./webhooks-command.js'),
  },
  logs: {
    usage: 'logs <file>... [--format F] [--site HOST] [--since D] [--until D] [--json]',
    summary: 'AI crawler traffic and AI referrals from access logs (--help)',
    load: () => import('./logs-command.js'),
  },
  mcp: {
    usage: 'mcp [--api-url URL]',
    summary: 'serve the tools to AI agents over MCP on stdio (--help)',
    load: () => import('./mcp-command.js'),
  },
  backup: {
    usage: 'backup --out FILE',
    summary: 'a consistent snapshot of DATA_DIR while the server runs (--help)',
    load: () => import('./backup-command.js'),
  },
  restore: {
    usage: 'restore FILE [--replace]',
    summary: 'put a backup back into DATA_DIR; refuses a running server or a damaged file',
    load: () => import('./restore-command.js'),
  },
  migrate: {
    usage: 'migrate --from lowdb --to postgres',
    summary: 'copy DATA_DIR into PostgreSQL (DATABASE_URL), verified by checksums',
    load: () => import('./migrate-command.js'),
  },
};

export function helpText(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  const commands = Object.values(COMMANDS).map((c) => `  citable ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: citable <command> [options]',
    '',
    'Commands:',
    ...commands,
    '',
    'Options:',
    '  -h, --help    show this help (or `citable <command> --help`)',
    '',
    'Environment:',
    "  DATABASE_URL            the server's PostgreSQL, for accounts, keys and migrate (set it as the server does)",
    "  DATA_DIR                the server's data directory when it has no DATABASE_URL (default ./data)",
    '  AUDIT_ALLOW_PRIVATE=1   allow private, loopback and reserved addresses (local development only)',
    `  AUDIT_DEADLINE_MS       overall audit deadline in ms (default ${AUDIT_DEADLINE_DEFAULT_MS})`,
    '  NO_COLOR                no colours in the report',
    '',
    'Exit codes: 0 ok, 1 score below --fail-under, 2 the URL cannot be audited or the arguments are wrong.',
    '',
  ].join('\n');
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr.write(helpText());
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(helpText());
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.stderr.write(`citable: unknown command "${name}". Run \`citable --help\` to list the commands.\n`);
    return 2;
  }
  const command = await entry.load();
  return command.run(rest, io);
}
