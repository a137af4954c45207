import type { ComponentChildren } from 'preact';
import { nothingJudged, scoreCapNote } from '../../score/score-notes.js';
import { categoriesMean } from '../../score/score.js';
import type { Translator } from '../../i18n/translator.js';
import { useT } from '../i18n-context.js';
import type { ReportAudit } from '../types.js';
import { verdictIn } from '../wording.js';
import { ScoreGauge } from './ScoreGauge.js';

type SummaryAudit = Pick<ReportAudit, 'score' | 'score_cap' | 'category_scores' | 'issues'>;

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
  audit: SummaryAudit;
  gaugeNotes?: boolean;
  children?: ComponentChildren;
}) {
  const tr = useT();
  const judged = !nothingJudged(audit);
  const capNote = scoreCapNote(audit);
  const capHeading = capNote ? capHeadingIn(tr, audit) : null;
  const gaugeCap = tr.lang === 'en' ? capNote : capHeading;
  const counts = { critical: 0, warning: 0, notice: 0 };
  for (const i of audit.issues) counts[i.severity]++;
  return (
    <div class="summary">
      <ScoreGauge score={audit.score} judged={judged} note={gaugeNotes ? (judged ? gaugeCap : tr.t('gauge.nothingApplied')) : null} />
      <div class="summary-text">
        <p class="verdict">{verdictIn(tr, audit.score, judged)}</p>
        {capHeading && (
          <p class="cap" data-testid="score-cap">
            <strong>{capHeading}</strong> {tr.t('cap.explanation')}
          </p>
        )}
        <p class="counts">
          <span data-count="critical">
            <span class={`pill ${counts.critical ? 'critical' : 'notice'}`}>{counts.critical}</span>{' '}
            {tr.t('counts.critical', { count: counts.critical })}
          </span>
          <span data-count="warning">
            <span class={`pill ${counts.warning ? 'warning' : 'notice'}`}>{counts.warning}</span>{' '}
            {tr.t('counts.warning', { count: counts.warning })}
          </span>
          <span data-count="notice">
            <span class="pill notice">{counts.notice}</span> {tr.t('counts.notice', { count: counts.notice })}
          </span>
        </p>
        {children}
      </div>
    </div>
  );
}

/** "Score capped at 49: 2 critical issues (the categories average 71)." in the report's language. */
function capHeadingIn(tr: Translator, audit: SummaryAudit): string {
  const cap = audit.score_cap!;
  const critical = /^(\d+) critical issues?$/.exec(cap.reason);
  const reason = critical ? tr.t('cap.criticalIssues', { count: Number(critical[1]) }) : cap.reason;
  return tr.t('cap.heading', { max: cap.max, reason, mean: categoriesMean(audit.category_scores) });
}
