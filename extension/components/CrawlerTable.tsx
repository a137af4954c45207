import type { CrawlerVerdict } from '../../shared/types/audit.js';

/** robots.txt verdict per AI agent. The browser cannot fetch as those agents, so no HTTP column. */
export function CrawlerTable({ crawlers }: { crawlers: CrawlerVerdict[] }) {
  if (!crawlers.length) return <p class="muted">No crawler verdicts.</p>;
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
