import type { WebmcpSignal } from '../../types/audit.js';
import { WEBMCP_TEXT } from '../wording.js';

const STATUS_LABEL = { detected: 'Detected', not_found: 'Not found', inconclusive: 'Inconclusive' } as const;

/** WebMCP (tools a site offers AI agents in the browser): the verdict, and the tools seen. */
export function WebmcpPanel({ webmcp }: { webmcp: WebmcpSignal }) {
  const tools = [
    ...new Set([
      ...webmcp.evidence.filter((e) => e.registers !== false && e.toolName).map((e) => e.toolName!),
      ...(webmcp.runtime?.tools ?? []).map((t) => t.name),
    ]),
  ];
  return (
    <div class="panel" data-webmcp-status={webmcp.status}>
      <p>
        <span class={`pill ${webmcp.status === 'detected' ? 'detected' : webmcp.status === 'inconclusive' ? 'warning' : 'not_found'}`}>{STATUS_LABEL[webmcp.status] ?? webmcp.status}</span>{' '}
        {WEBMCP_TEXT[webmcp.status] ?? ''}
      </p>
      {tools.length > 0 && (
        <p class="small">
          Tools: <span class="mono">{tools.join(', ')}</span>
        </p>
      )}
      {webmcp.bundlesTotal > 0 && (
        <p class="muted small">
          Scripts checked: {webmcp.bundlesScanned} of {webmcp.bundlesTotal}.
        </p>
      )}
    </div>
  );
}
