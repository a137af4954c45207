import type { MessageKey } from '../../i18n/catalogue.js';
import { clip } from '../format.js';
import type { AgentDiscoveryFile } from '../types.js';
import { useT } from '../i18n-context.js';

export interface AgentDiscoveryPanelProps {
  /** Undefined for an audit made before agent discovery existed. */
  files: readonly AgentDiscoveryFile[] | undefined;
  /** The popup's width: only the files the site publishes (or got wrong), the address under the name, and how many more are absent. */
  compact?: boolean;
}

/** The agent discovery files (docs/api-decisions.md#agent-discovery-signals), when the audit has them: what agents can find about the site. */
export function AgentDiscoveryPanel({ files, compact = false }: AgentDiscoveryPanelProps) {
  const tr = useT();
  if (!files) return <p class="muted">{tr.t('agents.notChecked')}</p>;
  const found = files.filter((f) => f.status === 'found').length;
  const rows = compact ? files.filter((f) => f.status !== 'not_found') : files;
  const absent = files.length - rows.length;
  return (
    <>
      <p data-testid={found === 0 ? 'agent-files-none' : undefined}>
        {found === 0 ? tr.t('agents.noneFound') : tr.t('agents.someFound', { found, count: files.length })}
      </p>
      {rows.length > 0 && (
        <table class="agent-discovery">
          <thead>
            <tr>
              <th>{tr.t('agents.file')}</th>
              <th>{tr.t('agents.status')}</th>
              {!compact && <th>{tr.t('agents.where')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((f, i) => (
              <tr key={`${f.kind}-${i}`} data-kind={f.kind} data-status={f.status}>
                <td>
                  {tr.has(`agentKind.${f.kind}`) ? tr.t(`agentKind.${f.kind}` as MessageKey) : f.kind}
                  {compact && <div class="url-cell mono small">{clip(f.url, 120)}</div>}
                  {f.problems && f.problems.length > 0 && <div class="muted small">{f.problems.map((p) => clip(p, 200)).join(' · ')}</div>}
                </td>
                <td>
                  <span
                    class={`pill ${f.status === 'found' ? 'found' : f.status === 'invalid' || f.status === 'error' ? 'invalid' : 'not_found'}`}
                  >
                    {tr.has(`agentStatus.${f.status}`) ? tr.t(`agentStatus.${f.status}` as MessageKey) : f.status}
                  </span>
                </td>
                {!compact && <td class="url-cell mono">{clip(f.url, 120)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {compact && absent > 0 && <p class="muted small">{tr.t('agents.moreNotPublished', { count: absent })}</p>}
    </>
  );
}
