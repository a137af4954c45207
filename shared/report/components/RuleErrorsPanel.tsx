import type { RuleError } from '../../types/audit.js';
import { clip } from '../format.js';
import { useT } from '../i18n-context.js';

/** Checks that threw instead of judging: said plainly, since each counts as failed in its category. */
export function RuleErrorsPanel({ errors }: { errors: readonly RuleError[] }) {
  const tr = useT();
  return (
    <div class="panel">
      <p>{tr.t('ruleErrors.note', { count: errors.length })}</p>
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
