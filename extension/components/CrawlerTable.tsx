import { useContext } from 'preact/hooks';
import type { Audit, CrawlerVerdict } from '../../shared/types/audit.js';
import { AuditContext } from './audit-context.js';

/** robots.txt verdict per AI agent. The browser cannot fetch as those agents, so no HTTP column. */
export function CrawlerTable({ crawlers }: { crawlers: CrawlerVerdict[] }) {
  const { audit } = useContext(AuditContext);
  if (!crawlers.length) return <p class="muted">No crawler verdicts.</p>;
  // robots.txt could not be read from the browser: its verdicts are unknown, not "allowed" or "blocked".
  if (audit && robotsUnread(audit)) {
    return (
      <p class="muted" data-testid="crawlers-unknown">
        Unknown for all {crawlers.length} agents: robots.txt could not be read from the browser.
      </p>
    );
  }
  return (
    <table class="crawlers">
      <caption class="sr-only">AI crawler access by robots.txt</caption>
      <thead>
        <tr>
          <th scope="col">Agent</th>
          <th scope="col">Purpose</th>
          <th scope="col">robots.txt</th>
        </tr>
      </thead>
      <tbody>
        {crawlers.map((c) => (
          <tr key={c.agent}>
            <th scope="row" title={c.operator}>
              {c.agent}
            </th>
            <td>{c.purpose}</td>
            <td class={c.robots === 'blocked' ? 'blocked' : 'allowed'}>{c.robots}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function robotsUnread(audit: Audit): boolean {
  return audit.issues.some((i) => i.rule === 'site-files.unread-in-browser' && /robots\.txt/.test(i.title));
}
