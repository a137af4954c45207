import { clip } from '../format.js';
import { useT } from '../i18n-context.js';
import { ruleTitleIn } from '../rule-titles.js';
import { RichText } from '../rich-text.js';
import type { CrawlIssue } from '../types.js';
import { categoryNameIn } from '../wording.js';
import { RuleRef } from './RuleRef.js';
import { ShareBar } from './ShareBar.js';

/** Example pages listed under an issue; the rest are counted. */
const EXAMPLES = 3;
const BAND = { critical: 'poor', warning: 'fair', notice: 'na' } as const;

/** Every rule that fired on any page, by pages affected (the crawl's order: severity, then pages). */
export function CrawlIssuesTable({ issues }: { issues: readonly CrawlIssue[] }) {
  const tr = useT();
  return (
    <table class="crawl-issues">
      <thead>
        <tr>
          <th>{tr.t('crawl.issue')}</th>
          <th>{tr.t('crawl.severity')}</th>
          <th class="num">{tr.t('crawl.pagesAffected')}</th>
        </tr>
      </thead>
      <tbody>
        {issues.map((i) => (
          <tr key={i.rule} data-rule={i.rule}>
            <td>
              <strong>
                <RichText text={ruleTitleIn(tr, i.rule, i.title)} />
              </strong>
              <div class="muted small">{categoryNameIn(tr, i.category)}</div>
              {i.examples.length > 0 && (
                <ul class="examples" aria-label={tr.t('crawl.examplePages')}>
                  {i.examples.slice(0, EXAMPLES).map((url) => (
                    <li key={url}>{clip(url, 100)}</li>
                  ))}
                  {i.pages > Math.min(EXAMPLES, i.examples.length) && (
                    <li class="more">{tr.t('crawl.andMore', { count: i.pages - Math.min(EXAMPLES, i.examples.length) })}</li>
                  )}
                </ul>
              )}
              <RuleRef rule={i.rule} />
            </td>
            <td>
              <span class={`pill ${i.severity}`}>{tr.has(`severity.${i.severity}`) ? tr.t(`severity.${i.severity}`) : i.severity}</span>
            </td>
            <td class="num">
              <strong>{tr.number(i.pages)}</strong> ({tr.percent(i.share)})
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
