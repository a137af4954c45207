/**
 * Which fix answers which rules: one entry per generated file, snippet or configuration example, with the rules
 * it makes pass. A fix is planned for an audit when one of its rules fired; its id comes from the entry and the
 * target alone (never from the content), so the diff of two audits can tell which fixes were applied without
 * reading the site again.
 */
import type { FixKind, FixPolicy } from './types.js';

export type FixName =
  | 'robots.txt'
  | 'llms.txt'
  | 'llms-full.txt'
  | 'head-tags'
  | 'json-ld'
  | 'markdown-mirror'
  | 'markdown-link'
  | 'markdown-nginx'
  | 'markdown-cloudflare-worker'
  | 'markdown-nextjs-middleware'
  | 'api-catalog';

export interface FixEntry {
  name: FixName;
  kind: FixKind;
  /** Where it goes: a site file's path, `page` (the audited page's path), `mirror` (its .md twin), or null. */
  target: string | 'page' | 'mirror' | null;
  /** The rules it makes pass once applied. */
  rules: (policy: FixPolicy) => readonly string[];
  /** Rules whose issue calls for it (default: `rules`): the .md twin is needed by every Markdown fix. */
  triggers?: readonly string[];
}

const always = (rules: readonly string[]) => () => rules;

const ROBOTS_RULES = [
  'robots.search-agents-blocked',
  'robots.user-agents-blocked',
  'robots.link-previews-blocked',
  'robots.unreachable',
  'robots.served-as-html',
  'sitemap.in-robots',
];
const ROBOTS_TRAINING_RULES = ['robots.training-agents-blocked', 'robots.archive-agents-blocked'];
const MARKDOWN_SERVED = ['markdown.negotiation', 'markdown.token-count'];
const MARKDOWN_ALL = ['markdown.negotiation', 'markdown.alternate-link', 'markdown.page-mirror'];
const LLMS_RULES = ['llms-txt.present', 'llms-txt.valid', 'llms-txt.links-resolve'];

export const FIX_CATALOG: readonly FixEntry[] = [
  {
    name: 'robots.txt',
    kind: 'file',
    target: '/robots.txt',
    rules: (policy) => (policy === 'allow-all' ? [...ROBOTS_RULES, ...ROBOTS_TRAINING_RULES] : ROBOTS_RULES),
  },
  { name: 'llms.txt', kind: 'file', target: '/llms.txt', rules: always(LLMS_RULES) },
  // llms.txt links the full list, so the two go together.
  {
    name: 'llms-full.txt',
    kind: 'file',
    target: '/llms-full.txt',
    rules: always(['llms-full-txt.present']),
    triggers: [...LLMS_RULES, 'llms-full-txt.present'],
  },
  {
    name: 'head-tags',
    kind: 'snippet',
    target: 'page',
    rules: always(['content.title', 'content.meta-description', 'canonical.valid', 'open-graph.tags', 'twitter.card']),
  },
  {
    name: 'json-ld',
    kind: 'snippet',
    target: 'page',
    rules: always(['json-ld.present', 'json-ld.parses', 'schema.identity', 'schema.required-properties']),
  },
  { name: 'markdown-mirror', kind: 'file', target: 'mirror', rules: always(['markdown.page-mirror']), triggers: MARKDOWN_ALL },
  { name: 'markdown-link', kind: 'snippet', target: 'page', rules: always(['markdown.alternate-link']) },
  { name: 'markdown-nginx', kind: 'config', target: null, rules: always(['markdown.negotiation']) },
  { name: 'markdown-cloudflare-worker', kind: 'config', target: null, rules: always(MARKDOWN_SERVED) },
  { name: 'markdown-nextjs-middleware', kind: 'config', target: null, rules: always(MARKDOWN_SERVED) },
  { name: 'api-catalog', kind: 'file', target: '/.well-known/api-catalog', rules: always([]) },
];

export function catalogEntry(name: FixName): FixEntry {
  return FIX_CATALOG.find((e) => e.name === name)!;
}

/** The rule ids some fix answers, with the name of the fix (for docs/rules.md and the reports). */
export function fixNamesByRule(policy: FixPolicy): Map<string, FixName[]> {
  const out = new Map<string, FixName[]>();
  for (const entry of FIX_CATALOG) for (const rule of entry.rules(policy)) out.set(rule, [...(out.get(rule) ?? []), entry.name]);
  return out;
}

/** Where docs/fixes.md describes each fix (docs/rules.md links it from the rules it fixes). */
export const FIX_DOCS: Record<FixName, { label: string; anchor: string }> = {
  'robots.txt': { label: 'robots.txt', anchor: 'robotstxt' },
  'llms.txt': { label: 'llms.txt', anchor: 'llmstxt-and-llms-fulltxt' },
  'llms-full.txt': { label: 'llms-full.txt', anchor: 'llmstxt-and-llms-fulltxt' },
  'head-tags': { label: 'head tags', anchor: 'what-is-generated' },
  'json-ld': { label: 'JSON-LD', anchor: 'json-ld' },
  'markdown-mirror': { label: 'the page as Markdown', anchor: 'markdown-for-agents' },
  'markdown-link': { label: 'Markdown alternate link', anchor: 'markdown-for-agents' },
  'markdown-nginx': { label: 'nginx example', anchor: 'markdown-for-agents' },
  'markdown-cloudflare-worker': { label: 'Cloudflare Worker', anchor: 'markdown-for-agents' },
  'markdown-nextjs-middleware': { label: 'Next.js middleware', anchor: 'markdown-for-agents' },
  'api-catalog': { label: 'API catalog', anchor: 'agent-discovery-files' },
};
