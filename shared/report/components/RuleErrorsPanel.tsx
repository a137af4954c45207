import type { RuleError } from '../../types/audit.js';
import { ruleErrorsNote } from '../../score/score-notes.js';
import { clip } from '../format.js';

/** Checks that threw instead of judging: said plainly, since each counts as failed in its category. */
export function RuleErrorsPanel({ errors }: { errors: readonly RuleError[] }) {
  return (
    <div class="panel">
      <p>{ruleErrorsNote(errors)}.</p>
      <ul class="small">
        {errors.map((e) => (
          <li key={e.rule} data-rule-error={e.rule}>
            <span class="mono">{e.rule}</span>: {clip(e.message, 200)}
          </li>
        ))}
      </ul>
    </div>
  );
}
