import type { ParsedRobots } from '../robots/types.js';

/**
 * A sample of the names in the community ai.robots.txt block list (docs/research/crawlers.md#community-block-list).
 * A robots.txt naming many of them was most likely pasted from that list, which also names
 * Applebot (Apple's search crawler) and facebookexternalhit (link previews).
 */
const LIST_NAMES = [
  'ai2bot',
  'amazonbot',
  'anthropic-ai',
  'applebot',
  'applebot-extended',
  'bytespider',
  'ccbot',
  'chatgpt-user',
  'claude-web',
  'claudebot',
  'cohere-ai',
  'cohere-training-data-crawler',
  'diffbot',
  'duckassistbot',
  'facebookbot',
  'facebookexternalhit',
  'friendlycrawler',
  'google-extended',
  'googleother',
  'gptbot',
  'iaskspider',
  'icc-crawler',
  'imagesiftbot',
  'img2dataset',
  'meta-externalagent',
  'meta-externalfetcher',
  'oai-searchbot',
  'omgili',
  'omgilibot',
  'perplexitybot',
  'petalbot',
  'scrapy',
  'timpibot',
  'velenpublicwebcrawler',
  'webzio-extended',
  'youbot',
];
const LIST = new Set(LIST_NAMES);
/** Naming this many list entries is beyond what a hand-written file does. */
const COPIED_THRESHOLD = 12;

export function looksLikeCopiedAiBlockList(robots: ParsedRobots): boolean {
  const named = new Set<string>();
  for (const group of robots.groups) {
    if (!group.rules.some((r) => !r.allow)) continue;
    for (const agent of group.agents) if (LIST.has(agent)) named.add(agent);
  }
  return named.size >= COPIED_THRESHOLD;
}
