/**
 * Which checks each tool performs, grouped into common themes. Citable's list is ALL_RULES plus its two
 * signals (builder, WebMCP) and the per-agent crawler table; the peers' lists are the check names found
 * in the JSON they printed during the run (aiseo-audit: every factor of every category; Vercel: every
 * check, skipped ones included). The theme of each name is assigned below; a name this file does not
 * know is counted under "unmapped" and printed, so a new peer version cannot slip through unnoticed.
 */
import type { AiseoReport, VercelReport } from './peer-verdicts.js';

/** Not a separate check: the per-agent detail the robots rules are judged from (printed in `crawlers`). */
export const CRAWLER_TABLE = 'crawlers[]: RFC 9309 verdict per AI agent';

export interface Theme {
  id: string;
  title: string;
  /** Our rule ids: exact ids or prefixes ending in `.`. */
  ours: string[];
  /** Our checks that are not rules (signals, tables). */
  oursExtra?: string[];
  aiseo: string[];
  vercel: string[];
}

export const THEMES: readonly Theme[] = [
  {
    id: 'reach',
    title: 'Page reachable: HTTP status, redirects, soft 404, auth wall, 402 to AI agents',
    ours: ['http.'],
    aiseo: ['Fetch Success'],
    vercel: ['Soft 404 detection', 'Auth gate detection', 'Redirect behavior'],
  },
  {
    id: 'robots',
    title: 'robots.txt for AI agents (file health + per-agent verdict)',
    ours: ['robots.unreachable', 'robots.served-as-html', 'robots.syntax', 'robots.too-large', 'robots.link-previews-blocked'],
    oursExtra: [CRAWLER_TABLE],
    aiseo: ['AI Crawler Access'],
    vercel: ['robots.txt'],
  },
  {
    id: 'purpose',
    title: 'Crawler purpose: search / user-triggered / training / archive judged apart',
    ours: ['robots.search-agents-blocked', 'robots.user-agents-blocked', 'robots.training-agents-blocked', 'robots.archive-agents-blocked'],
    aiseo: [],
    vercel: [],
  },
  {
    id: 'challenge',
    title: 'Bot challenge / WAF served to AI agents (live probes: search, user, training)',
    ours: ['challenge.'],
    aiseo: [],
    vercel: [],
  },
  {
    id: 'directives',
    title: 'Indexing directives: noindex, nosnippet (meta, X-Robots-Tag)',
    ours: ['meta-robots.'],
    aiseo: [],
    vercel: [],
  },
  {
    id: 'optout',
    title: 'AI opt-out and licence signals: noai, TDMRep, Content-Signal, AIPREF, RSL',
    ours: ['optout.'],
    aiseo: [],
    vercel: [],
  },
  {
    id: 'rendering',
    title: 'Rendering: content without JavaScript, SPA shell, size, text ratio, speed',
    ours: ['rendering.'],
    aiseo: ['Text Extraction Quality', 'Boilerplate Ratio', 'Word Count Adequacy'],
    vercel: ['Server-rendered content', 'Page size (HTML text)'],
  },
  {
    id: 'structured',
    title: 'Structured data: JSON-LD, schema.org types and properties, identity, Open Graph',
    ours: ['json-ld.', 'schema.', 'open-graph.', 'twitter.'],
    aiseo: ['Structured Data', 'Schema Completeness', 'Organization Identity', 'Entity Consistency'],
    vercel: ['Structured data'],
  },
  {
    id: 'structure',
    title: 'Content structure: title, description, headings, lang, alt, landmarks, lists, Q&A headings',
    ours: ['content.'],
    aiseo: [
      'Heading Hierarchy',
      'Lists Presence',
      'Tables Presence',
      'Paragraph Structure',
      'Scannability',
      'Section Length',
      'Image Accessibility',
      'Answer Capsules',
    ],
    vercel: ['Heading structure', 'Meta description'],
  },
  {
    id: 'llms',
    title: 'llms.txt / llms-full.txt',
    ours: ['llms-txt.', 'llms-full-txt.'],
    aiseo: ['LLMs.txt Presence'],
    vercel: ['llms.txt', 'llms.txt links resolve', 'llms.txt size', 'llms.txt valid'],
  },
  { id: 'sitemap', title: 'Sitemap', ours: ['sitemap.'], aiseo: [], vercel: ['sitemap.xml', 'sitemap.md'] },
  {
    id: 'markdown',
    title: 'Markdown for agents: negotiation, alternate link, .md URL, markdown quality',
    ours: ['markdown.'],
    aiseo: [],
    vercel: [
      'Agent UA → markdown',
      'Accept header → markdown',
      'Vary: Accept',
      '.md URL → markdown',
      'Markdown link alternate',
      'Frontmatter',
      'Missing page → markdown',
      'Page size (markdown)',
      'Code fence validity',
    ],
  },
  { id: 'canonical', title: 'Canonical URL', ours: ['canonical.'], aiseo: [], vercel: ['Canonical URL'] },
  {
    id: 'trust',
    title: 'Trust: author, dates, freshness, about/contact, HTTPS, HSTS, outbound references',
    ours: ['trust.'],
    aiseo: ['Author Attribution', 'Publication Date', 'Content Freshness', 'Contact/About Links', 'External References'],
    vercel: [],
  },
  {
    id: 'nlp',
    title: 'Answerability, grounding, entities, readability (text heuristics)',
    ours: [],
    aiseo: [
      'Definition Patterns',
      'Direct Answer Statements',
      'Step-by-Step Content',
      'Q/A Patterns',
      'Summary/Conclusion',
      'Citation Patterns',
      'Numeric Claims',
      'Attribution Indicators',
      'Quoted Attribution',
      'Entity Richness',
      'Topic Consistency',
      'Entity Density',
      'Sentence Length',
      'Readability',
      'Jargon Density',
      'Transition Usage',
    ],
    vercel: [],
  },
  { id: 'builder', title: 'Site builder detection', ours: [], oursExtra: ['builder'], aiseo: [], vercel: [] },
  {
    id: 'webmcp',
    title: 'WebMCP: tool registrations (static: HTML, inline and bundled scripts, headers), input schemas, Permissions-Policy, forms',
    ours: ['webmcp.'],
    oursExtra: ['signals.webmcp'],
    aiseo: [],
    vercel: [],
  },
  {
    id: 'agent-discovery',
    title: 'Agent discovery files: MCP, A2A, AI catalog, skills, API catalog, OAuth, Web Bot Auth',
    ours: [],
    oursExtra: ['signals.agent_discovery'],
    aiseo: [],
    vercel: [],
  },
  { id: 'site-files', title: 'Site files the browser would not let the extension read', ours: ['site-files.'], aiseo: [], vercel: [] },
];

const matches = (id: string, patterns: string[]) => patterns.some((p) => (p.endsWith('.') ? id.startsWith(p) : id === p));

export interface CheckInventory {
  ours: { rules: string[]; extra: string[]; crawlerAgents: number };
  aiseo: string[];
  vercel: string[];
}

export function aiseoCheckNames(reports: AiseoReport[]): string[] {
  const names = new Set<string>();
  for (const r of reports) for (const c of Object.values(r.categories)) for (const f of c.factors) names.add(f.name);
  return [...names];
}

export function vercelCheckNames(reports: VercelReport[]): string[] {
  const names = new Set<string>();
  for (const r of reports) for (const c of Object.values(r.categories)) for (const k of c.checks) names.add(k.name);
  return [...names];
}

export interface ThemeRow {
  theme: string;
  ours: string[];
  aiseo: string[];
  vercel: string[];
}

/** One row per theme with the checks of each tool in it, then an "unmapped" row if anything is left. */
export function themeTable(inv: CheckInventory): ThemeRow[] {
  const used = { ours: new Set<string>(), aiseo: new Set<string>(), vercel: new Set<string>() };
  const rows: ThemeRow[] = THEMES.map((t) => {
    const ours = [...inv.ours.rules.filter((id) => matches(id, t.ours)), ...(t.oursExtra ?? []).filter((x) => inv.ours.extra.includes(x))];
    const aiseo = inv.aiseo.filter((n) => t.aiseo.includes(n));
    const vercel = inv.vercel.filter((n) => t.vercel.includes(n));
    ours.forEach((x) => used.ours.add(x));
    aiseo.forEach((x) => used.aiseo.add(x));
    vercel.forEach((x) => used.vercel.add(x));
    return { theme: t.title, ours, aiseo, vercel };
  });
  const left = {
    ours: [...inv.ours.rules, ...inv.ours.extra].filter((x) => !used.ours.has(x)),
    aiseo: inv.aiseo.filter((x) => !used.aiseo.has(x)),
    vercel: inv.vercel.filter((x) => !used.vercel.has(x)),
  };
  if (left.ours.length || left.aiseo.length || left.vercel.length)
    rows.push({ theme: 'unmapped (update bench/lib/check-catalog.ts)', ...left });
  return rows;
}
