import { detectBuilder } from '../../../shared/builder/detect.js';
import { UNKNOWN_BUILDER } from '../../../shared/builder/fingerprints/index.js';
import { readRealPage, type RealPage } from '../../fixtures/builders-real/corpus.js';
import { contextFor } from './context.js';

/** Where a saved page is served from: a neutral host, so no host signal helps. Headers are not known. */
const NEUTRAL_URL = 'https://corpus.example/page/';

export interface PageOutcome {
  page: RealPage;
  detected: string;
}

export interface BuilderScore {
  builder: string;
  pages: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Null when the builder was never answered. */
  precision: number | null;
  /** Null for a builder with no labelled page. */
  recall: number | null;
}

export interface AccuracyReport {
  outcomes: PageOutcome[];
  perBuilder: BuilderScore[];
  /** Over pages labelled with a builder: answers that were right / answers that named a builder. */
  precision: number;
  /** Over pages labelled with a builder: right answers / labelled pages. */
  recall: number;
  /** Pages labelled Unknown that got a builder's name. */
  falsePositivesOnNegatives: PageOutcome[];
}

export function detectRealPages(pages: readonly RealPage[]): PageOutcome[] {
  return pages.map((page) => ({ page, detected: detectBuilder(contextFor(readRealPage(page), { url: NEUTRAL_URL })) }));
}

export function scoreOutcomes(outcomes: PageOutcome[]): AccuracyReport {
  const builders = [...new Set(outcomes.flatMap((o) => [o.page.label, o.detected]))].filter((b) => b !== UNKNOWN_BUILDER).sort();
  const perBuilder = builders.map((builder): BuilderScore => {
    const truePositives = outcomes.filter((o) => o.page.label === builder && o.detected === builder).length;
    const falsePositives = outcomes.filter((o) => o.page.label !== builder && o.detected === builder).length;
    const pages = outcomes.filter((o) => o.page.label === builder).length;
    return {
      builder,
      pages,
      truePositives,
      falsePositives,
      falseNegatives: pages - truePositives,
      precision: truePositives + falsePositives ? truePositives / (truePositives + falsePositives) : null,
      recall: pages ? truePositives / pages : null,
    };
  });
  const tp = perBuilder.reduce((n, b) => n + b.truePositives, 0);
  const fp = perBuilder.reduce((n, b) => n + b.falsePositives, 0);
  const positives = outcomes.filter((o) => o.page.label !== UNKNOWN_BUILDER).length;
  return {
    outcomes,
    perBuilder,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: positives ? tp / positives : 1,
    falsePositivesOnNegatives: outcomes.filter((o) => o.page.label === UNKNOWN_BUILDER && o.detected !== UNKNOWN_BUILDER),
  };
}
