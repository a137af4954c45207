/**
 * One reader for every setting (server/settings/): its parsers, docs/configuration.md documenting every variable it
 * reads, and docs/citations.md's engine table saying what each engine's descriptor says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CITATION_ENGINE_IDS } from '../../../shared/schema/citation-engines.js';
import { readCitationConfig } from '../../../server/citations/config.js';
import { CITATION_ENGINES, ENGINE_LIST } from '../../../server/citations/engines/index.js';
import { ConfigError, readFlag, readInt } from '../../../server/settings/parse.js';
import { readServerConfig } from '../../../server/settings/server-config.js';

const doc = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../docs', name), 'utf8');
const CONFIGURATION = doc('configuration.md');
const CITATIONS = doc('citations.md');

/** The names a reader asks the environment for. */
function variablesRead(read: (env: Record<string, string | undefined>) => unknown): string[] {
  const names = new Set<string>();
  read(new Proxy({}, { get: (_, name) => (typeof name === 'string' && names.add(name), undefined) }));
  return [...names];
}

describe('switches', () => {
  it.each(['1', 'true', 'yes', 'on', 'TRUE', ' On '])('%j is on', (value) => expect(readFlag({ X: value }, 'X')).toBe(true));
  it.each(['0', 'false', 'no', 'off', 'OFF', '', undefined])('%j is off', (value) => expect(readFlag({ X: value }, 'X')).toBe(false));
  it.each(['2', 'maybe', 'enabled'])('%j is an error naming the variable', (value) => {
    expect(() => readFlag({ AUDIT_ALLOW_PRIVATE: value }, 'AUDIT_ALLOW_PRIVATE')).toThrow(ConfigError);
    expect(() => readFlag({ AUDIT_ALLOW_PRIVATE: value }, 'AUDIT_ALLOW_PRIVATE')).toThrow(/^AUDIT_ALLOW_PRIVATE must be 1 or 0/);
  });
});

describe('integers', () => {
  it('takes whole numbers in range; refuses the rest with the range and the value', () => {
    expect(readInt({ N: '42' }, 'N', 1, 0, 100)).toBe(42);
    expect(readInt({}, 'N', 7, 0, 100)).toBe(7);
    for (const bad of ['1.5', '1e2', '0x10', '101', '-1', 'ten'])
      expect(() => readInt({ N: bad }, 'N', 1, 0, 100)).toThrow(`N must be an integer from 0 to 100, got ${JSON.stringify(bad)}`);
  });
});

describe('the server and the CLI read one default', () => {
  it("AUDIT_DEADLINE_MS: the engine's own default, 45 s", () => {
    expect(readServerConfig({}).auditDeadlineMs).toBe(45_000);
  });
});

describe('docs/configuration.md documents every variable the server reads', () => {
  const documented = new Set([...CONFIGURATION.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
  const read = [...variablesRead(readServerConfig), ...variablesRead(readCitationConfig)];

  it('reads the variables it should (a sanity check of the recorder)', () => {
    expect(read).toEqual(
      expect.arrayContaining(['PORT', 'AUDIT_DEADLINE_MS', 'CITATION_INTERVAL', 'OPENAI_API_KEY', 'CITATION_DAILY_BUDGET_CLAUDE']),
    );
  });

  it.each(read.filter((name) => !name.startsWith('CITATION_DAILY_BUDGET_')).map((name) => [name]))('%s', (name) => {
    expect(documented.has(name)).toBe(true);
  });

  it('the per-engine budgets as CITATION_DAILY_BUDGET_<ENGINE>', () => {
    expect(CONFIGURATION).toContain('`CITATION_DAILY_BUDGET_<ENGINE>`');
  });
});

describe('engines describe themselves', () => {
  it('the registry holds every public engine id, in contract order', () => {
    expect(ENGINE_LIST.map((e) => e.id)).toEqual([...CITATION_ENGINE_IDS]);
    for (const id of CITATION_ENGINE_IDS) expect(CITATION_ENGINES[id].id).toBe(id);
  });

  it.each(ENGINE_LIST.map((e) => [e.id, e]))(
    '%s: a model variable exactly when it has a default model; distinct variables',
    (_, engine) => {
      expect(engine.env.model === null).toBe(engine.defaultModel === null);
      expect(engine.maxRequestsPerAnswer).toBeGreaterThanOrEqual(1);
      // A variable is shared only by engines of one provider (both SerpApi engines use SERPAPI_API_KEY, docs/api-decisions.md#projects-and-citation-intelligence).
      const others = ENGINE_LIST.filter((e) => e.provider !== engine.provider).flatMap((e) => Object.values(e.env).filter(Boolean));
      for (const name of Object.values(engine.env).filter(Boolean)) expect(others).not.toContain(name);
    },
  );

  it.each(ENGINE_LIST.map((e) => [e.id, e]))(
    '%s: its row in the engine table of docs/citations.md says what its descriptor says',
    (_, e) => {
      const model = e.env.model ? `\`${e.env.model}\` (\`${e.defaultModel}\`)` : '—';
      const row = `| \`${e.id}\` | ${e.api} | \`${e.env.apiKey}\` | \`${e.env.baseUrl}\` (\`${e.defaultBaseUrl}\`) | ${model} | ${e.maxRequestsPerAnswer} |`;
      expect(CITATIONS).toContain(row);
    },
  );

  it('the configuration reads each engine through its descriptor', () => {
    const env: Record<string, string> = {};
    for (const e of ENGINE_LIST) {
      env[e.env.apiKey] = `key-${e.id}`;
      env[e.env.baseUrl] = `http://127.0.0.1:9/${e.id}/`;
      if (e.env.model) env[e.env.model] = `model-${e.id}`;
    }
    const config = readCitationConfig(env);
    for (const e of ENGINE_LIST) {
      const owner = ENGINE_LIST.filter((o) => o.env.apiKey === e.env.apiKey).at(-1)!; // the last engine sharing the variable wrote it
      expect(config.engines[e.id]).toEqual({
        apiKey: `key-${owner.id}`,
        baseUrl: `http://127.0.0.1:9/${owner.id}`,
        model: e.env.model ? `model-${e.id}` : null,
        keyVariable: e.env.apiKey,
      });
    }
  });
});
