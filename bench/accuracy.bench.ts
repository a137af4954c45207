/**
 * How often Citable's critical and warning findings are right on real pages: the 49 archived pages of
 * tests/fixtures/accuracy/ served on 127.0.0.1 and audited end to end, each finding scored against its hand
 * verdict (tests/fixtures/accuracy/verdicts.json). Prints precision per rule, the share disputed and any wrong
 * critical issue, then the findings nobody has judged yet (they count against the goal until judged).
 * Run: npx tsx bench/accuracy.bench.ts   (or npm run bench -- --only accuracy)
 */
import { ACCURACY_PAGES, readVerdicts } from '../tests/fixtures/accuracy/corpus.js';
import { ACCURACY_GOAL, auditCorpus, meetsGoal, tallyFindings } from '../tests/engine/accuracy/judge-corpus.js';
import { figure, printBenchResult } from './lib/bench-result.js';

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const started = performance.now();
const findings = await auditCorpus();
const seconds = (performance.now() - started) / 1000;
const t = tallyFindings(findings, readVerdicts());

console.log(`\nAccuracy on ${ACCURACY_PAGES.length} archived real pages (${seconds.toFixed(0)} s to audit them all)`);
console.log(`${t.findings} critical and warning findings on the pages themselves (${t.bySeverity.critical ?? 0} critical)\n`);
console.log('| rule | findings | right | wrong | disputed | precision |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of t.byRule) {
  const judged = r.right + r.wrong;
  console.log(
    `| ${r.rule} | ${r.right + r.wrong + r.disputed} | ${r.right} | ${r.wrong} | ${r.disputed} | ${judged ? pct(r.right / judged) : '–'} |`,
  );
}
console.log(
  `\nright ${t.right}, wrong ${t.wrong}, disputed ${t.disputed}: precision ${pct(t.precision)}, disputed ${pct(t.disputedShare)}`,
);
for (const f of t.wrongCritical) console.log(`WRONG CRITICAL: ${f.page} ${f.rule}: ${f.detail}`);
for (const f of t.unjudged) console.log(`UNJUDGED: ${f.page} ${f.rule} [${f.severity}] ${f.title}: ${f.detail.slice(0, 160)}`);
for (const s of t.stale) console.log(`STALE VERDICT (no such finding now): ${s}`);

printBenchResult({
  name: 'accuracy',
  figures: [
    figure('findings right (of right + wrong)', t.precision * 100, '%', { min: ACCURACY_GOAL.precision * 100 }),
    figure('findings disputed', t.disputedShare * 100, '%', { max: ACCURACY_GOAL.disputedShare * 100 }),
    figure('wrong critical issues', t.wrongCritical.length, 'issues', { max: ACCURACY_GOAL.wrongCritical }),
    figure('findings without a verdict', t.unjudged.length, 'findings', { max: 0 }),
    figure('critical and warning findings judged', t.right + t.wrong + t.disputed, 'findings'),
  ],
  notes: [
    `${ACCURACY_PAGES.length} pages; ${t.right} right, ${t.wrong} wrong, ${t.disputed} disputed${meetsGoal(t) ? '' : ' (goal not met)'}`,
    `by rule: ${t.byRule.map((r) => `${r.rule} ${r.right}/${r.wrong}/${r.disputed}`).join(', ')} (right/wrong/disputed)`,
  ],
});
