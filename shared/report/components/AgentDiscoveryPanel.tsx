import { clip } from '../format.js';
import type { AgentDiscoveryFile } from '../types.js';
import { AGENT_DISCOVERY_KINDS, AGENT_DISCOVERY_STATUS } from '../wording.js';

/** The agent discovery files (contract section 14), when the audit has them: what agents can find about the site. */
export function AgentDiscoveryPanel({ files }: { files: readonly AgentDiscoveryFile[] }) {
  const found = files.filter((f) => f.status === 'found').length;
  return (
    <>
      <p>
        {found === 0
          ? 'None of the files AI agents look for to discover services (MCP, A2A, API catalogs, OAuth metadata) was found.'
          : `${found} of the ${files.length} files AI agents look for to discover services ${found === 1 ? 'was' : 'were'} found.`}
      </p>
      <table class="agent-discovery">
        <thead>
          <tr>
            <th>File</th>
            <th>Status</th>
            <th>Where</th>
          </tr>
        </thead>
        <tbody>
          {files.map((f, i) => (
            <tr key={`${f.kind}-${i}`} data-kind={f.kind}>
              <td>
                {AGENT_DISCOVERY_KINDS[f.kind] ?? f.kind}
                {f.problems && f.problems.length > 0 && <div class="muted small">{f.problems.map((p) => clip(p, 200)).join(' · ')}</div>}
              </td>
              <td>
                <span class={`pill ${f.status === 'found' ? 'found' : f.status === 'invalid' || f.status === 'error' ? 'invalid' : 'not_found'}`}>
                  {AGENT_DISCOVERY_STATUS[f.status] ?? f.status}
                </span>
              </td>
              <td class="url-cell mono">{clip(f.url, 120)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
