import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../../shared/index.js';
import { auditSchema } from '../../../shared/schema/audit.js';
import {
  compareSkillDigest,
  MAX_SKILL_DIGESTS,
  skillDigestNote,
  skillDigestTargets,
} from '../../../shared/agent-discovery/skill-digests.js';
import type { FetchedResource } from '../../../shared/types/fetcher.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { loopbackFetcher } from '../../helpers/loopback-fetcher.js';

const SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const SKILL = '---\nname: brew-guide\ndescription: Brewing ratios\n---\n# Brew guide\nUse 60 g of coffee per litre.\n';
const sha = (bytes: string | Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

function resource(body: string, more: Partial<FetchedResource> = {}): FetchedResource {
  const base = { url: 'http://127.0.0.1/x', finalUrl: 'http://127.0.0.1/x', status: 200, headers: {}, body, bytes: body.length };
  return {
    ...base,
    truncated: false,
    encoding: 'utf-8',
    binary: false,
    redirects: [],
    timings: { totalMs: 1 },
    ...more,
  } as FetchedResource;
}

describe('Agent Skills digests: which skills are compared', () => {
  it('takes skill-md skills with a well-formed digest and an http(s) URL, resolved against the index, at most five', () => {
    const skills = [
      { name: 'a', type: 'skill-md', url: '/skills/a/SKILL.md', digest: sha('a') },
      { name: 'b', type: 'archive', url: '/skills/b.zip', digest: sha('b') },
      { name: 'c', type: 'skill-md', url: '/skills/c/SKILL.md', digest: 'sha256:XYZ' },
      { name: 'd', type: 'skill-md', url: 'ftp://127.0.0.1/d', digest: sha('d') },
      ...Array.from({ length: 8 }, (_, i) => ({ name: `e${i}`, type: 'skill-md', url: `/e${i}.md`, digest: sha(`e${i}`) })),
    ];
    const targets = skillDigestTargets(
      resource(JSON.stringify({ $schema: SCHEMA, skills }), { finalUrl: 'http://127.0.0.1:9/.well-known/agent-skills/index.json' }),
    );
    expect(targets).toHaveLength(MAX_SKILL_DIGESTS);
    expect(targets[0]).toEqual({ index: 0, name: 'a', url: 'http://127.0.0.1:9/skills/a/SKILL.md', expected: sha('a').slice(7) });
    expect(targets.map((t) => t.name)).toEqual(['a', 'e0', 'e1', 'e2', 'e3']);
  });

  it('takes nothing from an index that is missing, truncated or not JSON', () => {
    expect(skillDigestTargets(null)).toEqual([]);
    expect(skillDigestTargets(resource('{"skills": ['))).toEqual([]);
    expect(skillDigestTargets(resource('{"skills": []}', { truncated: true }))).toEqual([]);
    expect(skillDigestTargets(resource('{}', { status: 404 }))).toEqual([]);
  });
});

describe('Agent Skills digests: comparing what was served', () => {
  const target = { index: 2, name: 'brew-guide', url: 'http://127.0.0.1/skills/brew/SKILL.md', expected: sha(SKILL).slice(7) };

  it('matches the bytes, and a file whose byte-order mark the decoder dropped', async () => {
    expect((await compareSkillDigest(target, resource(SKILL))).outcome).toBe('match');
    const withBom = { ...target, expected: sha(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SKILL)])).slice(7) };
    expect((await compareSkillDigest(withBom, resource(SKILL))).outcome).toBe('match');
  });

  it('says what the served file hashes to when it differs, and why a file was not compared', async () => {
    const changed = await compareSkillDigest(target, resource(`${SKILL}Updated.\n`));
    expect(changed).toMatchObject({ outcome: 'mismatch', actual: sha(`${SKILL}Updated.\n`).slice(7) });
    expect(skillDigestNote(changed)).toMatch(
      /^skills\[2\] "brew-guide": the digest does not match the SKILL\.md served at .*agents that check digests will refuse/,
    );
    expect(await compareSkillDigest(target, resource('', { status: 404 }))).toMatchObject({ outcome: 'unreadable', reason: 'HTTP 404' });
    expect(await compareSkillDigest(target, resource(SKILL, { truncated: true }))).toMatchObject({
      outcome: 'not_compared',
      reason: 'over 256 KB',
    });
    expect(await compareSkillDigest(target, resource(SKILL, { encoding: 'windows-1252' }))).toMatchObject({
      outcome: 'not_compared',
      reason: 'not UTF-8',
    });
    expect(await compareSkillDigest(target, resource('a\uFFFDb'))).toMatchObject({ outcome: 'not_compared', reason: 'not UTF-8' });
  });
});

describe('Agent Skills digests through an audit (real HTTP on 127.0.0.1)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite(() => ({
      '/': {
        body: '<!doctype html><html><head><title>Home</title></head><body><p>Hi</p></body></html>',
        headers: { 'content-type': 'text/html' },
      },
      '/.well-known/agent-skills/index.json': {
        body: JSON.stringify({
          $schema: SCHEMA,
          skills: [
            { name: 'brew-guide', type: 'skill-md', description: 'Ratios', url: '/skills/brew/SKILL.md', digest: sha(SKILL) },
            { name: 'old-guide', type: 'skill-md', description: 'Changed since', url: '/skills/old/SKILL.md', digest: sha('before') },
            { name: 'gone', type: 'skill-md', description: 'Missing', url: '/skills/gone/SKILL.md', digest: sha('gone') },
            { name: 'bundle', type: 'archive', description: 'Zip', url: '/skills/bundle.zip', digest: sha('zip') },
          ],
        }),
        headers: { 'content-type': 'application/json' },
      },
      '/skills/brew/SKILL.md': { body: SKILL, headers: { 'content-type': 'text/markdown; charset=utf-8' } },
      '/skills/old/SKILL.md': { body: 'after', headers: { 'content-type': 'text/markdown; charset=utf-8' } },
    }));
  });
  afterAll(() => site.close());

  it('notes each compared skill on the index without changing its status, and never downloads archives', async () => {
    const audit = await runAudit(`${site.url}/`, { fetcher: loopbackFetcher() });
    expect(auditSchema.safeParse(audit).success).toBe(true);
    const index = audit.signals.agent_discovery!.files.find((f) => f.kind === 'agent_skills')!;
    expect(index).toMatchObject({ status: 'found', problems: [] });
    expect(index.notes).toHaveLength(3);
    expect(index.notes![0]).toMatch(/^skills\[0\] "brew-guide": the digest matches/);
    expect(index.notes![1]).toMatch(/^skills\[1\] "old-guide": the digest does not match/);
    expect(index.notes![2]).toMatch(/^skills\[2\] "gone": the SKILL\.md at .* could not be read \(HTTP 404\)/);
    expect(site.requests.filter((r) => r.path === '/skills/bundle.zip')).toHaveLength(0);
    expect(site.requests.filter((r) => r.path === '/skills/brew/SKILL.md')).toHaveLength(1);
  });
});
