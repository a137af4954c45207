import type { JudgeContext } from '../judge/context.js';
import { FINGERPRINTS, UNKNOWN_BUILDER } from './fingerprints/index.js';
import { matchFingerprint, type BuilderCandidate } from './match.js';
import { needlesOf } from './needles.js';
import { observePage } from './observe.js';

export type { BuilderCandidate, BuilderEvidence } from './match.js';

const NEEDLES = needlesOf(FINGERPRINTS);

/**
 * Every builder with at least one matching signal, best first: matched candidates before unmatched,
 * then the most specific (hosted builder > CMS > site generator > app framework), then the most confident.
 */
export function rankBuilders(ctx: JudgeContext): readonly BuilderCandidate[] {
  return ctx.memo('builder.candidates', () => {
    const observations = observePage(ctx, NEEDLES);
    const candidates: BuilderCandidate[] = [];
    for (const fp of FINGERPRINTS) {
      const candidate = matchFingerprint(fp, observations);
      if (candidate) candidates.push(candidate);
    }
    return candidates.sort(compareCandidates);
  });
}

/** Display name of the site builder, or `Unknown`. */
export function detectBuilder(ctx: JudgeContext): string {
  return rankBuilders(ctx).find((c) => c.matched)?.name ?? UNKNOWN_BUILDER;
}

function compareCandidates(a: BuilderCandidate, b: BuilderCandidate): number {
  if (a.matched !== b.matched) return a.matched ? -1 : 1;
  if (a.matched && a.specificity !== b.specificity) return b.specificity - a.specificity;
  if (a.confidence !== b.confidence) return b.confidence - a.confidence;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export { BUILDER_NAMES, UNKNOWN_BUILDER } from './fingerprints/index.js';
