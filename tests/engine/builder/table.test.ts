import { describe, expect, it } from 'vitest';
import { BUILDER_NAMES, FINGERPRINTS, UNKNOWN_BUILDER } from '../../../shared/builder/fingerprints/index.js';
import { MATCH_THRESHOLD } from '../../../shared/builder/signal.js';
import { PROMISED_BUILDERS } from './promised-builders.js';

describe('the fingerprint table', () => {
  it('has one entry per display name, including every builder Citable promises to name', () => {
    const names = FINGERPRINTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(PROMISED_BUILDERS.filter((n) => !names.includes(n))).toEqual([]);
    expect(names).not.toContain(UNKNOWN_BUILDER);
    expect(BUILDER_NAMES).toContain(UNKNOWN_BUILDER);
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it('ranks hosted builders above CMSs above generators above app frameworks', () => {
    const spec = (name: string) => FINGERPRINTS.find((f) => f.name === name)?.specificity ?? 0;
    expect(spec('Wix')).toBeGreaterThan(spec('WordPress'));
    expect(spec('WordPress')).toBeGreaterThan(spec('Gatsby'));
    expect(spec('Gatsby')).toBeGreaterThan(spec('Next.js'));
    expect(spec('Notion')).toBeGreaterThan(spec('Next.js'));
  });

  it('uses weights in (0, 1), stateless regexes and lower-case asset needles', () => {
    for (const fp of FINGERPRINTS) {
      for (const s of fp.signals) {
        expect(s.weight, `${fp.name} ${s.kind}`).toBeGreaterThan(0);
        expect(s.weight, `${fp.name} ${s.kind}`).toBeLessThan(1);
        if ('pattern' in s && s.pattern) expect(s.pattern.flags, `${fp.name} ${s.pattern}`).not.toMatch(/[gy]/);
        if (s.kind === 'asset') expect(s.needle).toBe(s.needle.toLowerCase());
        if (s.kind === 'header') expect(s.name).toBe(s.name.toLowerCase());
      }
    }
  });

  it('lets every builder reach the match threshold', () => {
    for (const fp of FINGERPRINTS) {
      const best = 1 - fp.signals.reduce((miss, s) => miss * (1 - s.weight), 1);
      expect(best, fp.name).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    }
  });
});
