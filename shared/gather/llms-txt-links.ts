import type { FetchedResource } from '../types/fetcher.js';
import type { LinkCheck } from '../types/snapshot.js';
import { classifySiteFile } from '../llms-txt/site-file.js';
import { validateLlmsTxt } from '../llms-txt/validate.js';
import { linkUrlProblem } from '../llms-txt/link-grammar.js';
import { parseUrl } from '../url/parse.js';

/** Links requested per audit: enough to catch a stale file, few enough to stay polite and fast. */
export const MAX_LLMS_TXT_LINKS = 10;
/** A link check needs the status, not the page: read only the start of each body. */
export const LINK_CHECK_BYTES = 16 * 1024;

/** The well-formed links of a fetched llms.txt, absolute, in file order, without repeats, at most `max`. */
export function llmsTxtLinkTargets(llmsTxt: FetchedResource | null, max = MAX_LLMS_TXT_LINKS): string[] {
  const file = classifySiteFile(llmsTxt);
  if (file.kind !== 'text' || !llmsTxt) return [];
  const base = llmsTxt.finalUrl || llmsTxt.url;
  const targets: string[] = [];
  for (const section of validateLlmsTxt(file.text).sections) {
    for (const link of section.links) {
      if (linkUrlProblem(link.url) !== null) continue;
      const url = parseUrl(link.url, base);
      if (!url) continue;
      url.hash = '';
      if (!targets.includes(url.href)) targets.push(url.href);
      if (targets.length >= max) return targets;
    }
  }
  return targets;
}

/** What a fetched link tells an agent that follows it. */
export function linkCheckOf(url: string, res: FetchedResource): LinkCheck {
  return res.error ? { url, status: 0, error: res.error.code } : { url, status: res.status };
}
