import type { LlmsTxtSummary } from '../../types/audit.js';
import { useT } from '../i18n-context.js';

const TEXT = { present: 'llms.presentText', missing: 'llms.missingText', error: 'llms.errorText' } as const;

export function LlmsTxtPanel({ llms }: { llms: LlmsTxtSummary }) {
  const tr = useT();
  const state = llms.status === 'present' ? (llms.valid ? 'found' : 'invalid') : llms.status === 'missing' ? 'not_found' : 'error';
  const label = tr.t(
    llms.status === 'present'
      ? llms.valid
        ? 'llms.valid'
        : 'llms.hasProblems'
      : llms.status === 'missing'
        ? 'llms.missing'
        : 'llms.unreadable',
  );
  const text = TEXT[llms.status as keyof typeof TEXT];
  return (
    <div class="panel" data-llms-status={llms.status}>
      <p>
        <span class={`pill ${state}`}>{label}</span> {text ? tr.t(text) : ''}
      </p>
      {llms.problems.length > 0 && (
        <ul>
          {llms.problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
