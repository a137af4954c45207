/**
 * One run as it is kept (docs/api-decisions.md#projects-and-citation-intelligence): the answer text (at most 20,000 characters), every cited
 * and retrieved URL in display order (cleaned, distinct), the searches the engine reports, and what the
 * answer says of the brand and of each competitor: mentioned (named in the text), cited (a structured
 * citation on one of its domains), and the brand's position.
 */
import type { RunRecord } from '../../../shared/schema/citation-intelligence.js';
import type { EngineAnswer } from '../engines/types.js';
import { cleanUrl } from '../match/clean-url.js';
import type { AnswerScore } from '../match/score-answer.js';
import { hostMatchesSite } from '../match/site-matcher.js';
import { MentionMatcher, prepareAnswer } from '../mentions/mention-matcher.js';
import type { TrackedPrompt } from './tracked-prompt.js';

export const ANSWER_TEXT_MAX = 20_000;

export type { RunRecord };

export function recordRun(answer: EngineAnswer, score: AnswerScore, prompt: TrackedPrompt, status: RunRecord['status']): RunRecord {
  const cited = distinctUrls(answer.citations.map((c) => c.url));
  const citedHosts = cited.map((url) => cleanUrl(url)?.host ?? '');
  const prepared = prepareAnswer(answer.text);
  const brand = prompt.brand ? new MentionMatcher(prompt.brand) : null;
  return {
    status,
    answer: answer.text.slice(0, ANSWER_TEXT_MAX),
    answer_truncated: answer.text.length > ANSWER_TEXT_MAX,
    cited_urls: cited,
    retrieved_urls: distinctUrls(answer.retrieved.map((c) => c.url)),
    search_queries: [...new Set(answer.queries.map((q) => q.trim()).filter(Boolean))],
    mentioned: brand?.mentionedIn(prepared) ?? false,
    cited: score.cited,
    position: score.position,
    competitors: (prompt.competitors ?? []).map((competitor) => {
      const [domain, ...aliases] = competitor.domains;
      return {
        name: competitor.name,
        mentioned: new MentionMatcher(competitor).mentionedIn(prepared),
        cited: domain !== undefined && citedHosts.some((host) => host !== '' && hostMatchesSite(host, { domain, aliases })),
      };
    }),
  };
}

/** A failed run keeps its reason and nothing else. */
export function failedRun(reason: string): RunRecord {
  return {
    status: 'error',
    error: reason,
    answer: '',
    answer_truncated: false,
    cited_urls: [],
    retrieved_urls: [],
    search_queries: [],
    mentioned: false,
    cited: false,
    position: null,
    competitors: [],
  };
}

/** Cleaned (unwrapped, no tracking parameters or fragment) and distinct by page, in order; unreadable ones left out. */
function distinctUrls(urls: ReadonlyArray<string | null>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of urls) {
    const clean = raw === null ? null : cleanUrl(raw);
    if (!clean || seen.has(clean.key)) continue;
    seen.add(clean.key);
    out.push(clean.href);
  }
  return out;
}
