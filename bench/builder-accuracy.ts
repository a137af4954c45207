/**
 * Builder detection on real pages: precision and recall per builder and overall, over the labelled
 * corpus of pages copied from public repositories (tests/fixtures/builders-real/, README there).
 * Pages are judged from their HTML alone, served from a neutral host with no response headers,
 * as a saved or exported copy would be.
 * Run: npx tsx bench/builder-accuracy.ts
 */
import { REAL_PAGES } from '../tests/fixtures/builders-real/corpus.js';
import { detectRealPages, scoreOutcomes } from '../tests/engine/builder/accuracy.js';

const pct = (x: number | null) => (x === null ? '   -' : `${(x * 100).toFixed(0).padStart(3)}%`);
const report = scoreOutcomes(detectRealPages(REAL_PAGES));

console.log(
  `Builder detection on ${REAL_PAGES.length} real pages (${REAL_PAGES.filter((p) => p.label === 'Unknown').length} made by no builder in the table)\n`,
);
console.log('builder              pages  TP  FP  FN  precision  recall');
for (const b of report.perBuilder) {
  console.log(
    `${b.builder.padEnd(20)} ${String(b.pages).padStart(5)} ${String(b.truePositives).padStart(3)} ${String(b.falsePositives).padStart(3)} ${String(b.falseNegatives).padStart(3)}       ${pct(b.precision)}    ${pct(b.recall)}`,
  );
}
console.log(
  `\noverall precision ${pct(report.precision)}, recall ${pct(report.recall)}; false positives on the negatives: ${report.falsePositivesOnNegatives.length}`,
);
const misses = report.outcomes.filter((o) => o.detected !== o.page.label);
if (misses.length) {
  console.log('\nwrong or missed:');
  for (const o of misses)
    console.log(`  ${o.page.id.padEnd(36)} labelled ${o.page.label.padEnd(12)} detected ${o.detected}  (${o.page.kind})`);
}
