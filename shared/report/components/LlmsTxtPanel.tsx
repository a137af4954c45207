import type { LlmsTxtSummary } from '../../types/audit.js';
import { LLMS_TXT_TEXT } from '../wording.js';

export function LlmsTxtPanel({ llms }: { llms: LlmsTxtSummary }) {
  const state = llms.status === 'present' ? (llms.valid ? 'found' : 'invalid') : llms.status === 'missing' ? 'not_found' : 'error';
  const label = llms.status === 'present' ? (llms.valid ? 'Valid' : 'Has problems') : llms.status === 'missing' ? 'Missing' : 'Unreadable';
  return (
    <div class="panel" data-llms-status={llms.status}>
      <p>
        <span class={`pill ${state}`}>{label}</span> {LLMS_TXT_TEXT[llms.status] ?? ''}
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
