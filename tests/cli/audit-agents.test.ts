import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/index.js';
import { probedAgents } from '../../shared/crawlers/probe-selection.js';
import { main } from '../../server/cli/main.js';
import { EDGE_PATHS, TARGET, startEdgeFixture } from '../helpers/edge-fixture.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { memoryIo } from './cli-io.js';

/** Loopback allowed; a short deadline so the slow drip ends the test quickly. */
const ENV = { AUDIT_ALLOW_PRIVATE: '1', AUDIT_DEADLINE_MS: '6000' };

let site: FixtureSite;
beforeAll(async () => {
  site = await startEdgeFixture();
});
afterAll(() => site.close());

async function audit(args: string[]) {
  const io = memoryIo(ENV);
  const code = await main(['audit', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable audit: what each agent is served', () => {
  it.each(Object.entries(EDGE_PATHS))('%s: %s', async (path, outcome) => {
    const { out, err } = await audit([`${site.url}${path}`, '--json']);
    expect(err).toBe('');
    const a = JSON.parse(out) as Audit;
    expect(a.crawlers.find((c) => c.agent === TARGET)?.served?.outcome).toBe(outcome);
  });

  it('--agents all probes every agent that sends requests', async () => {
    const { out } = await audit([`${site.url}/bots-forbidden`, '--json', '--agents', 'all']);
    const a = JSON.parse(out) as Audit;
    expect(
      a.crawlers
        .filter((c) => c.served?.outcome === 'blocked')
        .map((c) => c.agent)
        .sort(),
    ).toEqual(probedAgents('all').sort());
  });

  it('the report shows each outcome and says what a user-agent probe cannot see', async () => {
    const { out } = await audit([`${site.url}/forbidden`]);
    expect(out).toMatch(/ChatGPT-User\s+user\s+allowed\s+403 blocked/);
    expect(out).toMatch(/OAI-SearchBot\s+search\s+allowed\s+200 ok/);
    expect(out).toContain('cannot see rules that verify crawlers by IP address');
  });

  it('refuses another --agents value', async () => {
    const { code, err } = await audit([`${site.url}/ok`, '--agents', 'some']);
    expect(code).toBe(2);
    expect(err).toContain('--agents takes sample or all.');
  });
});
