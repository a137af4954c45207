import { clip, percent } from '../format.js';
import type { CrawlIssue } from '../types.js';
import { SEVERITY_LABELS } from '../wording.js';
import { RuleRef } from './RuleRef.js';
import { ShareBar } from './ShareBar.js';

/** Example pages listed under an issue; the rest are counted. */
const EXAMPLES = 3;
const BAND = { critical: 'poor', warning: 'fair', notice: 'na' } as const;

/** Every rule that fired on any page, by pages affected (the crawl's order: severity, then pages). */
export function CrawlIssuesTable({ issues }: { issues: readonly CrawlIssue[] }) {
  return (
    <table class="crawl-issues">
      <thead>
        <tr>
          <th>Issue</th>
          <th>Severity</th>
          <th class="num">Pages affected</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((i) => (
          <tr key={i.rule} data-rule={i.rule}>
            <td>
              <strong>{i.title}</strong>
              <div class="muted small">{i.category}</div>
              {i.examples.length > 0 && (
                <ul class="examples" aria-label="Example pages">
                  {i.examples.slice(0, EXAMPLES).map((url) => (
                    <li key={url}>{clip(url, 100)}</li>
                  ))}
                  {i.pages > Math.min(EXAMPLES, i.examples.length) && (
                    <li class="more">and {(i.pages - Math.min(EXAMPLES, i.examples.length)).toLocaleString('en-GB')} more</li>
                  )}
                </ul>
              )}
              <RuleRef rule={i.rule} />
            </td>
            <td>
              <span class={`pill ${i.severity}`}>{SEVERITY_LABELS[i.severity] ?? i.severity}</span>
            </td>
            <td class="num">
              <strong>{i.pages.toLocaleString('en-GB')}</strong> ({percent(i.share)})
              <div>
                <ShareBar value={i.share} max={1} band={BAND[i.severity] ?? 'na'} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
