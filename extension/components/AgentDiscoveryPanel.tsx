import type { AgentDiscoveryFile, AgentDiscoverySignal } from '../../shared/types/audit.js';

const KIND_LABEL: Record<AgentDiscoveryFile['kind'], string> = {
  mcp_server_card: 'MCP server card',
  a2a_agent_card: 'A2A agent card',
  ai_catalog: 'AI catalog',
  agent_skills: 'Agent skills index',
  api_catalog: 'API catalog (RFC 9727)',
  oauth_protected_resource: 'OAuth resource metadata (RFC 9728)',
  oauth_authorization_server: 'OAuth server metadata (RFC 8414)',
  web_bot_auth: 'Web Bot Auth key directory',
};
const STATUS_TEXT: Record<AgentDiscoveryFile['status'], string> = { found: 'found', invalid: 'invalid', not_found: 'not found', error: 'unreadable' };

/** signals.agent_discovery (contract section 14): the agent files the site publishes. Informational, never scored. */
export function AgentDiscoveryPanel({ discovery }: { discovery: AgentDiscoverySignal | undefined }) {
  if (!discovery) return <p class="muted">Not checked: this audit was made before agent discovery.</p>;
  const present = discovery.files.filter((f) => f.status !== 'not_found');
  const absent = discovery.files.length - present.length;
  return (
    <div class="agent-discovery">
      <p class="muted small">Files AI agents look for (MCP, A2A, skills, APIs, OAuth, Web Bot Auth). Informational: never part of the score.</p>
      {present.length === 0 ? (
        <p data-testid="agent-files-none">None of the {discovery.files.length} files is published.</p>
      ) : (
        <ul class="small">
          {present.map((f) => (
            <li key={`${f.kind} ${f.url}`} data-agent-file={f.kind} data-status={f.status}>
              <strong>{KIND_LABEL[f.kind]}</strong>: <span class={f.status === 'found' ? 'allowed' : 'blocked'}>{STATUS_TEXT[f.status]}</span>{' '}
              <span class="url-inline" title={f.url}>
                {f.url}
              </span>
              {f.problems.length > 0 && <span class="muted"> ({f.problems.join('; ')})</span>}
            </li>
          ))}
        </ul>
      )}
      {present.length > 0 && absent > 0 && <p class="muted small">{absent} more not published.</p>}
    </div>
  );
}
