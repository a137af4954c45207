import { clip } from '../format.js';
import type { AgentDiscoveryFile } from '../types.js';
import { AGENT_DISCOVERY_KINDS, AGENT_DISCOVERY_STATUS } from '../wording.js';

export interface AgentDiscoveryPanelProps {
  /** Undefined for an audit made before agent discovery existed. */
  files: readonly AgentDiscoveryFile[] | undefined;
  /** The popup's width: only the files the site publishes (or got wrong), the address under the name, and how many more are absent. */
  compact?: boolean;
}

/** The agent discovery files (docs/api-decisions.md#agent-discovery-signals), when the audit has them: what agents can find about the site. */
export function AgentDiscoveryPanel({ files, compact = false }: AgentDiscoveryPanelProps) {
  if (!files) return <p class="muted">Not checked: this audit was made before agent discovery.</p>;
  const found = files.filter((f) => f.status === 'found').length;
  const rows = compact ? files.filter((f) => f.status !== 'not_found') : files;
  const absent = files.length - rows.length;
  return (
    <>
      <p data-testid={found === 0 ? 'agent-files-none' : undefined}>
        {found === 0
          ? 'None of the files AI agents look for to discover services (MCP, A2A, API catalogs, OAuth metadata) was found.'
          : `${found} of the ${files.length} files AI agents look for to discover services ${found === 1 ? 'was' : 'were'} found.`}
      </p>
      {rows.length > 0 && (
        <table class="agent-discovery">
          <thead>
            <tr>
              <th>File</th>
              <th>Status</th>
              {!compact && <th>Where</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((f, i) => (
              <tr key={`${f.kind}-${i}`} data-kind={f.kind} data-status={f.status}>
                <td>
                  {AGENT_DISCOVERY_KINDS[f.kind] ?? f.kind}
                  {compact && <div class="url-cell mono small">{clip(f.url, 120)}</div>}
                  {f.problems && f.problems.length > 0 && <div class="muted small">{f.problems.map((p) => clip(p, 200)).join(' · ')}</div>}
                </td>
                <td>
                  <span
                    class={`pill ${f.status === 'found' ? 'found' : f.status === 'invalid' || f.status === 'error' ? 'invalid' : 'not_found'}`}
                  >
                    {AGENT_DISCOVERY_STATUS[f.status] ?? f.status}
                  </span>
                </td>
                {!compact && <td class="url-cell mono">{clip(f.url, 120)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {compact && absent > 0 && <p class="muted small">{absent} more not published.</p>}
    </>
  );
}
