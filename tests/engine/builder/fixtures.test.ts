import { describe, expect, it } from 'vitest';
import { detectBuilder, rankBuilders } from '../../../shared/builder/detect.js';
import { BUILDER_FIXTURES, readBuilderFixture } from '../../fixtures/builders/manifest.js';
import { contextFor } from './context.js';
import { PROMISED_BUILDERS } from './promised-builders.js';

describe('builder fixtures', () => {
  it('cover every builder Citable promises to name', () => {
    const covered = new Set(BUILDER_FIXTURES.map((f) => f.builder));
    expect(PROMISED_BUILDERS.filter((b) => !covered.has(b))).toEqual([]);
  });

  for (const fixture of BUILDER_FIXTURES) {
    it(`${fixture.file} is ${fixture.builder} where it is published`, () => {
      const ctx = contextFor(readBuilderFixture(fixture.file), { url: fixture.url, headers: fixture.headers });
      expect(detectBuilder(ctx)).toBe(fixture.builder);
    });

    if (fixture.htmlOnly) {
      it(`${fixture.file} is ${fixture.builder} from its HTML alone, served from 127.0.0.1`, () => {
        const ctx = contextFor(readBuilderFixture(fixture.file), { url: 'http://127.0.0.1:41234/' });
        expect(detectBuilder(ctx)).toBe(fixture.builder);
      });
    }
  }

  it('the seven end-to-end pages carry real content (a few hundred words)', () => {
    for (const file of ['wix.html', 'squarespace.html', 'webflow.html', 'wordpress.html', 'shopify.html', 'framer.html', 'nextjs.html']) {
      const ctx = contextFor(readBuilderFixture(file));
      expect(ctx.facts.wordCount, file).toBeGreaterThanOrEqual(300);
      expect(ctx.facts.title, file).toBeTruthy();
      expect(ctx.facts.metaByName.get('description'), file).toBeDefined();
    }
  });

  it('reports the evidence behind the winner', () => {
    const ctx = contextFor(readBuilderFixture('webflow.html'));
    const [best] = rankBuilders(ctx);
    expect(best?.name).toBe('Webflow');
    expect(best?.matched).toBe(true);
    const signals = best?.evidence.map((e) => e.signal) ?? [];
    expect(signals).toContain('<html> data-wf-site');
    expect(signals).toContain('generator ~ /^Webflow\\b/i');
    expect(best?.evidence.find((e) => e.kind === 'asset')?.value).toMatch(/website-files\.com/);
  });
});
