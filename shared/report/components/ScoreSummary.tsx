import type { ComponentChildren } from 'preact';
import { nothingJudged, scoreCapNote } from '../../score/score-notes.js';
import type { ReportAudit } from '../types.js';
import { CAP_EXPLANATION, verdict } from '../wording.js';
import { ScoreGauge } from './ScoreGauge.js';

const NOTHING_APPLIED = 'no category applied to this page';

/**
 * An audit's score at a glance: the gauge, the verdict, the cap and why (docs/api-decisions.md#what-audits-could-not-judge), the issue
 * counts. `children` adds lines under them (the popup: the address, builder, time and sync state).
 * `gaugeNotes`: the cap or "nothing applied" joins the gauge's accessible name too (the popup, which has
 * no room to say it twice in words).
 */
export function ScoreSummary({
  audit,
  gaugeNotes = false,
  children,
}: {
  audit: Pick<ReportAudit, 'score' | 'score_cap' | 'category_scores' | 'issues'>;
  gaugeNotes?: boolean;
  children?: ComponentChildren;
}) {
  const judged = !nothingJudged(audit);
  const capNote = scoreCapNote(audit);
  const counts = { critical: 0, warning: 0, notice: 0 };
  for (const i of audit.issues) counts[i.severity]++;
  return (
    <div class="summary">
      <ScoreGauge score={audit.score} judged={judged} note={gaugeNotes ? (judged ? capNote : NOTHING_APPLIED) : null} />
      <div class="summary-text">
        <p class="verdict">{verdict(audit.score, judged)}</p>
        {capNote && (
          <p class="cap" data-testid="score-cap">
            <strong>Score {capNote}.</strong> {CAP_EXPLANATION}
          </p>
        )}
        <p class="counts">
          <span data-count="critical">
            <span class={`pill ${counts.critical ? 'critical' : 'notice'}`}>{counts.critical}</span> critical
          </span>
          <span data-count="warning">
            <span class={`pill ${counts.warning ? 'warning' : 'notice'}`}>{counts.warning}</span>{' '}
            {counts.warning === 1 ? 'warning' : 'warnings'}
          </span>
          <span data-count="notice">
            <span class="pill notice">{counts.notice}</span> {counts.notice === 1 ? 'notice' : 'notices'}
          </span>
        </p>
        {children}
      </div>
    </div>
  );
}
