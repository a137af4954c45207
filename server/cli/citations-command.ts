/**
 * `citable citations check --domain D --prompt "..." [--engine E]... [--runs N] [--json]`: asks the
 * engines now, from this machine, with the engine keys in the environment (no server, nothing stored),
 * and prints one row per engine. Exit codes: 0 checked, 1 some engine answered with an error, 2 usage.
 */
import { CITATION_ENGINE_IDS, isCitationEngineId, type CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { CitationResult } from '../../shared/schema/citation.js';
import { PROMPT_RUNS_MAX, PROMPT_TEXT_MAX } from '../../shared/schema/prompt.js';
import { createCheckEnvironment } from '../citations/check/create-environment.js';
import { runPairs } from '../citations/check/run-pairs.js';
import { readCitationConfig } from '../citations/config.js';
import { normalizeTrackedDomain } from '../citations/match/tracked-domain.js';
import { ConfigError } from '../settings/parse.js';
import { ENGINE_LIST } from '../citations/engines/index.js';
import { randomBase62 } from '../util/base62.js';
import type { CliIo } from './io.js';
import { safe, table } from './report/text.js';
import { startCommand } from './command-args.js';

const USAGE = 'Usage: citable citations check --domain D --prompt "..." [--engine E]... [--runs N] [--json]';
const HELP = `${USAGE}

Asks AI answer engines a prompt now and says whether they cite the domain. Runs on this machine with
the engine keys in the environment; nothing is stored (the server's scheduler does that).

  --domain D     the tracked site, such as acme.com (subdomains count; aliases: --alias, repeatable)
  --prompt "…"   the question to ask (1 to ${PROMPT_TEXT_MAX} characters)
  --engine E     only this engine (repeatable): ${CITATION_ENGINE_IDS.join(', ')}
  --runs N       ask each engine N times (1 to ${PROMPT_RUNS_MAX}, default CITATION_RUNS or 1)
  --json         print {"citations": [...]}, the rows GET /api/v1/citations returns

Environment: ${ENGINE_LIST.map((e) => e.env.apiKey).join(', ')}
(an engine without its key is reported not_configured), *_BASE_URL and *_MODEL to override.

Exit codes: 0 checked, 1 an engine answered with an error, 2 the arguments or configuration are wrong.
`;

export async function run(args: string[], io: CliIo): Promise<number> {
  const start = startCommand(
    {
      name: 'citations',
      usage: USAGE,
      help: HELP,
      options: {
        domain: { type: 'string' },
        alias: { type: 'string', multiple: true },
        prompt: { type: 'string' },
        engine: { type: 'string', multiple: true },
        runs: { type: 'string' },
        json: { type: 'boolean' },
      },
    },
    args,
    io,
  );
  if ('exit' in start) return start.exit;
  const { values, positionals, fail } = start;
  if (positionals.length !== 1 || positionals[0] !== 'check') return fail(`expected the subcommand "check". ${USAGE}`);
  const domain = normalizeTrackedDomain(values.domain, '--domain');
  if (!domain.ok) return fail(domain.message);
  const aliases: string[] = [];
  for (const raw of values.alias ?? []) {
    const alias = normalizeTrackedDomain(raw, '--alias');
    if (!alias.ok) return fail(alias.message);
    aliases.push(alias.domain);
  }
  const text = values.prompt?.trim() ?? '';
  if (!text || text.length > PROMPT_TEXT_MAX) return fail(`--prompt must be 1 to ${PROMPT_TEXT_MAX} characters. ${USAGE}`);
  const engines = values.engine ?? [...CITATION_ENGINE_IDS];
  const unknown = engines.find((e) => !isCitationEngineId(e));
  if (unknown !== undefined) return fail(`unknown engine "${safe(unknown)}": choose from ${CITATION_ENGINE_IDS.join(', ')}`);
  const runs = values.runs;
  if (runs !== undefined && !new RegExp(`^[1-${PROMPT_RUNS_MAX}]$`).test(runs)) return fail(`--runs takes a whole number from 1 to ${PROMPT_RUNS_MAX}.`);

  let config;
  try {
    config = readCitationConfig(io.env);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const env = createCheckEnvironment(config, { now: () => new Date() });
  const prompt = { id: `prm_${randomBase62(16)}`, text, domain: domain.domain, aliases, runs: runs === undefined ? null : Number(runs) };
  const checkId = `chk_${randomBase62(16)}`;
  const selected = CITATION_ENGINE_IDS.filter((id) => engines.includes(id));
  const outcome = await runPairs(
    selected.map((engine: CitationEngineId) => ({ prompt, engine, checkId })),
    env,
  );
  const rows = selected.map((engine) => outcome.results.find((r) => r.row.engine === engine)!.row);

  io.stdout.write(values.json ? `${JSON.stringify({ citations: rows }, null, 2)}\n` : renderTable(rows, domain.domain));
  return rows.some((r) => r.status === 'error') ? 1 : 0;
}

function renderTable(rows: CitationResult[], domain: string): string {
  const lines = table([
    ['ENGINE', 'STATUS', 'CITED', 'POSITION', 'RUNS', 'CITED URLS / ERROR'],
    ...rows.map((r) => [
      r.engine,
      r.status,
      r.cited ? 'yes' : 'no',
      r.position === null ? '-' : String(r.position),
      r.runs + r.failed_runs > 1 ? `${r.cited_runs}/${r.runs}` : String(r.runs),
      safe(r.error ?? (r.cited_urls.join(' ') || (r.retrieved ? '(retrieved, not cited)' : '-'))),
    ]),
  ]);
  const cited = rows.filter((r) => r.cited).length;
  return `${lines.join('\n')}\n\n  ${safe(domain)} cited by ${cited} of ${rows.length} engine${rows.length === 1 ? '' : 's'}.\n`;
}
