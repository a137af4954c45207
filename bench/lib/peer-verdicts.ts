/**
 * Puts the three tools' verdicts side by side, topic by topic, read from the JSON each one printed for a
 * site, and explains every difference from the data at hand (the outputs, the page as served, the user
 * agents each tool sent and the answers it got). Nothing here is a remembered conclusion: an explanation
 * is printed only when the data shows its premise.
 */
import type { ToolId } from './peer-tools.js';

// ---- The three output shapes (only the members read here) -------------------------------------------

export interface OurAudit {
  score: number;
  builder: string;
  issues: { severity: 'critical' | 'warning' | 'notice'; rule: string; title: string; detail: string }[];
  crawlers: { agent: string; purpose: string; robots: 'allowed' | 'blocked'; http_status?: number; challenged?: boolean }[];
  llms_txt: { status: 'present' | 'missing' | 'error'; valid: boolean; problems: string[] };
  signals: {
    webmcp: {
      status: string;
      evidence: { kind: string; toolName?: string; registers?: boolean }[];
      bundlesScanned: number;
      bundlesTotal: number;
    };
  };
}

export interface AiseoFactor {
  name: string;
  score: number;
  maxScore: number;
  value: string;
  status: string;
}
export interface AiseoReport {
  overallScore: number;
  grade: string;
  categories: Record<string, { name: string; factors: AiseoFactor[] }>;
  rawData: { crawlerAccess?: { allowed: string[]; blocked: string[]; unknown: string[] } };
}

export interface VercelCheck {
  name: string;
  passed: boolean;
  skipped: boolean;
  tier: string;
  detail?: string;
}
export interface VercelReport {
  score: number;
  rating: string;
  categories: Record<string, { checks: VercelCheck[] }>;
}

/** What the bench observed on the wire while one tool audited the site. */
export interface WireLog {
  /** Requests for the audited page: user agent and the status the site answered. */
  pageFetches: { ua: string; status: number; accept: string }[];
}

/** Facts of the audited page as a browser gets it, read with plain patterns (enough to explain a verdict). */
export interface ServedPage {
  metaAuthor: boolean;
  relAuthor: boolean;
  itempropAuthor: boolean;
  timeElement: boolean;
  articleTimeMeta: boolean;
  jsonLdAuthor: boolean;
  jsonLdDates: boolean;
  /** Why the page reads as an article (Article-family JSON-LD, og:type, article:* meta, one <article>), or null. */
  article: string | null;
  canonical: string | null;
  robotsTxt: { status: number; body: string } | null;
  llmsTxtLinks: number;
}

export interface SiteOutputs {
  site: string;
  pageUrl: string;
  ours: OurAudit;
  aiseo?: AiseoReport;
  vercel?: VercelReport;
  wire: Partial<Record<ToolId, WireLog>>;
  served: ServedPage;
}

// ---- Verdicts -----------------------------------------------------------------------------------------

/** `info`: a finding that is neither good nor bad (a WebMCP registration, a builder); `n/c`: not checked. */
export type Level = 'ok' | 'notice' | 'problem' | 'info' | 'n/c' | 'skipped';
export interface Verdict {
  level: Level;
  text: string;
}
const RANK: Partial<Record<Level, number>> = { ok: 0, notice: 1, problem: 2 };

const nc = (text = 'not checked'): Verdict => ({ level: 'n/c', text });

function ourIssues(a: OurAudit, ids: string[]): OurAudit['issues'] {
  return a.issues.filter((i) => ids.includes(i.rule));
}
/** No issue raised: the rules passed or were not applicable (the audit JSON does not tell which). */
function ourVerdict(a: OurAudit, ids: string[], okText = 'no issue raised'): Verdict {
  const found = ourIssues(a, ids);
  if (!found.length) return { level: 'ok', text: okText };
  const worst = found.some((i) => i.severity !== 'notice') ? 'problem' : 'notice';
  return { level: worst, text: found.map((i) => `${i.severity} ${i.rule}`).join(', ') };
}

function factor(r: AiseoReport | undefined, name: string): AiseoFactor | undefined {
  if (!r) return undefined;
  for (const c of Object.values(r.categories)) for (const f of c.factors) if (f.name === name) return f;
  return undefined;
}
/** aiseo-audit's own status: good ≥ 70 %, needs_improvement, critical < 30 %; neutral = nothing to judge. */
function aiseoVerdict(r: AiseoReport | undefined, names: string[]): Verdict {
  if (!r) return nc('did not run');
  const fs = names.map((n) => factor(r, n)).filter((f): f is AiseoFactor => !!f);
  if (!fs.length) return nc();
  const bad = fs.filter((f) => f.status === 'needs_improvement' || f.status === 'critical');
  const text = fs.map((f) => `${f.name} ${f.score}/${f.maxScore} "${f.value}"`).join('; ');
  if (bad.length) return { level: 'problem', text };
  if (fs.every((f) => f.status === 'neutral')) return { level: 'notice', text };
  return { level: 'ok', text };
}

function vercelCheck(r: VercelReport | undefined, name: string): VercelCheck | undefined {
  if (!r) return undefined;
  for (const c of Object.values(r.categories)) for (const k of c.checks) if (k.name === name) return k;
  return undefined;
}
function vercelVerdict(r: VercelReport | undefined, names: string[]): Verdict {
  if (!r) return nc('did not run');
  const ks = names.map((n) => vercelCheck(r, n)).filter((k): k is VercelCheck => !!k);
  if (!ks.length) return nc();
  const ran = ks.filter((k) => !k.skipped);
  if (!ran.length) return { level: 'skipped', text: ks.map((k) => `${k.name}: skipped (${k.detail ?? ''})`).join('; ') };
  const text = ran.map((k) => `${k.name} ${k.passed ? 'pass' : `FAIL (${k.tier})`}${k.detail ? ` "${k.detail}"` : ''}`).join('; ');
  return { level: ran.some((k) => !k.passed) ? 'problem' : 'ok', text };
}

export interface Topic {
  id: string;
  title: string;
  ours(o: SiteOutputs): Verdict;
  aiseo(o: SiteOutputs): Verdict;
  vercel(o: SiteOutputs): Verdict;
  /** Explanations of a difference, each returned only when the data shows its premise. */
  why?(o: SiteOutputs, v: Record<ToolId, Verdict>): string[];
}

const blockedByUs = (o: SiteOutputs) => o.ours.crawlers.filter((c) => c.robots === 'blocked');
const purposeOf = (o: SiteOutputs, agent: string) => o.ours.crawlers.find((c) => c.agent.toLowerCase() === agent.toLowerCase());
const AI_UA =
  /GPTBot|OAI-SearchBot|ChatGPT-User|ClaudeBot|Claude-User|Claude-SearchBot|PerplexityBot|Perplexity-User|Google-Extended|CCBot/i;

export const TOPICS: readonly Topic[] = [
  {
    id: 'robots',
    title: 'AI crawlers in robots.txt',
    ours: (o) => {
      const blocked = blockedByUs(o);
      const v = ourVerdict(o.ours, [
        'robots.search-agents-blocked',
        'robots.user-agents-blocked',
        'robots.training-agents-blocked',
        'robots.archive-agents-blocked',
        'robots.unreachable',
      ]);
      return blocked.length
        ? { level: v.level, text: `${v.text}; blocked: ${blocked.map((c) => `${c.agent} (${c.purpose})`).join(', ')}` }
        : { level: v.level, text: `all ${o.ours.crawlers.length} agents allowed` };
    },
    aiseo: (o) => aiseoVerdict(o.aiseo, ['AI Crawler Access']),
    vercel: (o) => vercelVerdict(o.vercel, ['robots.txt']),
    why: (o, v) => {
      const out: string[] = [];
      const aBlocked = o.aiseo?.rawData.crawlerAccess?.blocked ?? [];
      if (
        v['aiseo-audit'].level === 'problem' &&
        aBlocked.length &&
        aBlocked.every((a) => ['training', 'archive'].includes(purposeOf(o, a)?.purpose ?? ''))
      ) {
        out.push(
          `aiseo-audit deducts points for ${aBlocked.join(', ')}, all training/archive crawlers (no purpose weighting); Citable reports a training-only opt-out as a notice, as the contract requires`,
        );
      }
      if (v['aiseo-audit'].level !== 'ok' && v.citable.level === 'problem' && (o.aiseo?.overallScore ?? 0) >= 50 && o.ours.score <= 49) {
        out.push(
          `both see the search/user agents blocked, but aiseo-audit's crawler factor is 10 of ${sumMax(o.aiseo)} points, so its overall score stays ${o.aiseo?.overallScore}; Citable caps a site AI search cannot read at 49 (score ${o.ours.score})`,
        );
      }
      const vCheck = vercelCheck(o.vercel, 'robots.txt');
      if (vCheck && !vCheck.passed && !vCheck.skipped) {
        const named = /^blocked: (.*)$/.exec(vCheck.detail ?? '')?.[1]?.split(/,\s*/) ?? [];
        const allowedByUs = named.filter((a) => purposeOf(o, a)?.robots === 'allowed');
        if (allowedByUs.length) {
          out.push(
            `Vercel names ${allowedByUs.join(', ')} blocked, but robots.txt gives ${allowedByUs.length > 1 ? 'them their own groups' : 'it its own group'} allowing the page (RFC 9309: the most specific group wins; Vercel applies any \`*\` group with \`Disallow: /\` to every bot)`,
          );
        }
        const training = named.filter(
          (a) => ['training', 'archive'].includes(purposeOf(o, a)?.purpose ?? '') && purposeOf(o, a)?.robots === 'blocked',
        );
        if (training.length && training.length === named.length) {
          out.push(
            `Vercel fails its required robots check for ${training.join(', ')}, all training/archive crawlers ("blocking them removes you from AI search"), which the operators' own docs contradict`,
          );
        }
        if (!named.length && o.served.robotsTxt && o.served.robotsTxt.status >= 400 && o.served.robotsTxt.status < 500) {
          out.push(
            `Vercel fails robots.txt because the file answers HTTP ${o.served.robotsTxt.status}; RFC 9309 reads a 4xx robots.txt as "everything allowed" (Citable: all agents allowed)`,
          );
        }
      }
      return out;
    },
  },
  {
    id: 'challenge',
    title: 'Bot challenge served to AI agents',
    ours: (o) => {
      const hit = o.ours.crawlers.filter((c) => c.challenged);
      const v = ourVerdict(o.ours, ['challenge.ai-agents-blocked'], 'no challenge for AI agents');
      return hit.length ? { level: v.level, text: `${v.text}: ${hit.map((c) => `${c.agent} HTTP ${c.http_status}`).join(', ')}` } : v;
    },
    aiseo: (o) => {
      if (!o.aiseo) return nc('did not run');
      const uas = [...new Set(o.wire['aiseo-audit']?.pageFetches.map((f) => `"${f.ua}" → ${f.status}`) ?? [])];
      return nc(`not checked (fetched the page as ${uas.join(', ') || 'unknown'})`);
    },
    vercel: (o) => vercelVerdict(o.vercel, ['Auth gate detection']),
    why: (o, v) => {
      if (v.citable.level !== 'problem') return [];
      const out: string[] = ['the challenge is served only to AI user agents'];
      for (const tool of ['aiseo-audit', 'agent-readability'] as const) {
        const fetches = o.wire[tool]?.pageFetches ?? [];
        if (!fetches.length) continue;
        const plain = fetches.filter((f) => !AI_UA.test(f.ua));
        const ai = fetches.filter((f) => AI_UA.test(f.ua));
        const label = tool === 'aiseo-audit' ? 'aiseo-audit' : 'Vercel';
        let line = `${label} fetched the page as ${[...new Set(plain.map((f) => `"${f.ua}" (HTTP ${f.status})`))].join(', ') || 'nothing else'}`;
        if (ai.length) {
          const md = vercelCheck(o.vercel, 'Agent UA → markdown');
          line += `; its ${[...new Set(ai.map((f) => `"${f.ua}"`))].join(', ')} request got HTTP ${[...new Set(ai.map((f) => f.status))].join('/')}${md && tool === 'agent-readability' ? `, reported only as "${md.name}: ${md.detail ?? (md.passed ? 'pass' : 'fail')}"` : ''}`;
        }
        out.push(line);
      }
      return out.length > 1 ? out : [];
    },
  },
  {
    id: 'rendering',
    title: 'Content without JavaScript',
    ours: (o) =>
      ourVerdict(
        o.ours,
        ['rendering.no-content-without-js', 'rendering.thin-content', 'rendering.spa-shell'],
        'content in the server HTML',
      ),
    aiseo: (o) => aiseoVerdict(o.aiseo, ['Word Count Adequacy']),
    vercel: (o) => vercelVerdict(o.vercel, ['Server-rendered content']),
  },
  {
    id: 'llms-txt',
    title: 'llms.txt',
    ours: (o) => {
      const l = o.ours.llms_txt;
      const v = ourVerdict(o.ours, ['llms-txt.present', 'llms-txt.valid']);
      return {
        level: v.level,
        text: `${l.status}${l.status === 'present' ? (l.valid ? ', valid' : `, invalid: ${l.problems.join('; ')}`) : ''} (${v.text})`,
      };
    },
    aiseo: (o) => aiseoVerdict(o.aiseo, ['LLMs.txt Presence']),
    vercel: (o) => vercelVerdict(o.vercel, ['llms.txt', 'llms.txt valid', 'llms.txt links resolve']),
    why: (o, v) => {
      const out: string[] = [];
      if (o.ours.llms_txt.status === 'present' && !o.ours.llms_txt.valid && v['aiseo-audit'].level === 'ok') {
        out.push('aiseo-audit only checks that llms.txt exists, not that it follows the llmstxt.org format');
      }
      const links = vercelCheck(o.vercel, 'llms.txt links resolve');
      if (links && !links.passed && !links.skipped && o.ours.llms_txt.valid) {
        out.push(
          `Vercel fetched the links of llms.txt: ${links.detail}; Citable validates the file's grammar but does not fetch its links (a gap)`,
        );
      }
      const valid = vercelCheck(o.vercel, 'llms.txt valid');
      if (valid && !valid.passed && /markdown links/.test(valid.detail ?? '') && !o.ours.llms_txt.problems.some((p) => /link/i.test(p))) {
        out.push(
          `Vercel also says "${valid.detail}"; Citable's problem list names the H1 and heading errors but not that no list item is a well-formed link`,
        );
      }
      const present = vercelCheck(o.vercel, 'llms.txt');
      if (present && !present.passed && o.ours.llms_txt.status === 'missing') {
        out.push(`a missing llms.txt fails a "${present.tier}" Vercel check; Citable reports it as a notice (rule llms-txt.present)`);
      }
      return out;
    },
  },
  {
    id: 'json-ld',
    title: 'JSON-LD structured data',
    ours: (o) => ourVerdict(o.ours, ['json-ld.present', 'json-ld.parses', 'schema.required-properties', 'schema.known-types']),
    aiseo: (o) => aiseoVerdict(o.aiseo, ['Structured Data', 'Schema Completeness']),
    vercel: (o) => vercelVerdict(o.vercel, ['Structured data']),
  },
  {
    id: 'author',
    title: 'Author',
    ours: (o) => ourVerdict(o.ours, ['trust.author'], o.served.article ? 'author found' : 'no issue (not an article: not judged)'),
    aiseo: (o) => aiseoVerdict(o.aiseo, ['Author Attribution']),
    vercel: () => nc(),
    why: (o, v) => {
      const s = o.served;
      if (
        v['aiseo-audit'].level === 'problem' &&
        v.citable.level === 'ok' &&
        s.jsonLdAuthor &&
        !s.metaAuthor &&
        !s.relAuthor &&
        !s.itempropAuthor
      ) {
        return [
          'the author is only in JSON-LD (no meta author, rel=author or itemprop=author in the HTML); aiseo-audit reads only those three HTML forms',
        ];
      }
      return notAnArticle(o, v);
    },
  },
  {
    id: 'dates',
    title: 'Publish / modified dates',
    ours: (o) =>
      ourVerdict(
        o.ours,
        ['trust.dates', 'trust.freshness'],
        o.served.article ? 'dates found, fresh' : 'no issue (not an article: not judged)',
      ),
    aiseo: (o) => aiseoVerdict(o.aiseo, ['Publication Date', 'Content Freshness']),
    vercel: () => nc(),
    why: (o, v) => {
      const s = o.served;
      if (v['aiseo-audit'].level === 'problem' && v.citable.level === 'ok' && s.jsonLdDates && !s.timeElement && !s.articleTimeMeta) {
        return [
          'datePublished/dateModified are only in JSON-LD (no <time>, no article:published_time meta); aiseo-audit does not read JSON-LD dates',
        ];
      }
      return notAnArticle(o, v);
    },
  },
  {
    id: 'sitemap',
    title: 'sitemap.xml',
    ours: (o) => ourVerdict(o.ours, ['sitemap.present', 'sitemap.lastmod']),
    aiseo: () => nc(),
    vercel: (o) => vercelVerdict(o.vercel, ['sitemap.xml']),
  },
  {
    id: 'markdown',
    title: 'Markdown for agents (Accept: text/markdown)',
    ours: (o) => ourVerdict(o.ours, ['markdown.negotiation']),
    aiseo: () => nc(),
    vercel: (o) => vercelVerdict(o.vercel, ['Accept header → markdown']),
  },
  {
    id: 'canonical',
    title: 'Canonical URL',
    ours: (o) => ourVerdict(o.ours, ['canonical.valid']),
    aiseo: () => nc(),
    vercel: (o) => vercelVerdict(o.vercel, ['Canonical URL']),
    why: (o, v) => {
      if (
        v.citable.level === 'problem' &&
        v['agent-readability'].level === 'ok' &&
        o.served.canonical &&
        new URL(o.served.canonical, o.pageUrl).host !== new URL(o.pageUrl).host
      ) {
        return [`the canonical points to another host (${o.served.canonical}); Vercel only checks that a canonical link exists`];
      }
      return [];
    },
  },
  {
    id: 'headings',
    title: 'Headings',
    ours: (o) => ourVerdict(o.ours, ['content.single-h1', 'content.heading-hierarchy']),
    aiseo: (o) => aiseoVerdict(o.aiseo, ['Heading Hierarchy']),
    vercel: (o) => vercelVerdict(o.vercel, ['Heading structure']),
    why: shellOnce,
  },
  {
    id: 'meta-description',
    title: 'Meta description',
    ours: (o) => ourVerdict(o.ours, ['content.meta-description']),
    aiseo: () => nc(),
    vercel: (o) => vercelVerdict(o.vercel, ['Meta description']),
  },
  {
    id: 'webmcp',
    title: 'WebMCP tools',
    ours: (o) => {
      const w = o.ours.signals.webmcp;
      const tools = [...new Set(w.evidence.filter((e) => e.toolName).map((e) => e.toolName))];
      return {
        level: w.status === 'not_found' ? 'ok' : 'info',
        text: `${w.status}${tools.length ? `: ${tools.join(', ')}` : ''} (${w.bundlesScanned}/${w.bundlesTotal} scripts scanned)`,
      };
    },
    aiseo: () => nc(),
    vercel: () => nc(),
  },
  {
    id: 'builder',
    title: 'Site builder',
    ours: (o) => ({ level: o.ours.builder === 'Unknown' ? 'ok' : 'info', text: o.ours.builder }),
    aiseo: () => nc(),
    vercel: () => nc(),
  },
];

/** Author and dates are judged on articles only (a homepage has no author); aiseo-audit asks them of every page. */
function notAnArticle(o: SiteOutputs, v: Record<ToolId, Verdict>): string[] {
  if (o.served.article || v.citable.level !== 'ok' || v['aiseo-audit'].level !== 'problem') return [];
  const shell = o.ours.issues.some((i) => i.rule === 'rendering.no-content-without-js');
  return [
    `the page does not say it is an article${shell ? ' (and has no content without JavaScript, reported once as critical)' : ''}, so Citable does not judge its author or dates; aiseo-audit expects them on every page`,
  ];
}

/** On a page with no content without JavaScript, Citable raises that once and leaves body rules not applicable. */
function shellOnce(o: SiteOutputs, v: Record<ToolId, Verdict>): string[] {
  const shell = o.ours.issues.some((i) => i.rule === 'rendering.no-content-without-js');
  const peersFail = (['aiseo-audit', 'agent-readability'] as const).filter((p) => v[p].level === 'problem');
  if (!shell || v.citable.level !== 'ok' || !peersFail.length) return [];
  return [
    'the server HTML has no content: Citable reports that once (critical rendering.no-content-without-js) and does not judge the headings of an empty page; the peers fail this check as well',
  ];
}

function sumMax(r: AiseoReport | undefined): number {
  return r ? Object.values(r.categories).reduce((n, c) => n + c.factors.reduce((m, f) => m + f.maxScore, 0), 0) : 0;
}

export interface Difference {
  site: string;
  topic: string;
  /** `detail`: the levels agree but a peer's finding is wrong or incomplete in a way the data shows. */
  kind: 'disagree' | 'peer did not check' | 'peer skipped' | 'detail';
  verdicts: Record<ToolId, Verdict>;
  why: string[];
}

/**
 * A difference: two tools that checked a topic reach different levels (ok < notice < problem), or Citable
 * found something (a problem, a notice, an `info` finding) a peer did not check or skipped.
 */
export function differences(o: SiteOutputs): Difference[] {
  const out: Difference[] = [];
  for (const t of TOPICS) {
    const v: Record<ToolId, Verdict> = { citable: t.ours(o), 'aiseo-audit': t.aiseo(o), 'agent-readability': t.vercel(o) };
    const ranked = Object.values(v)
      .filter((x) => RANK[x.level] !== undefined)
      .map((x) => RANK[x.level]!);
    const disagree = new Set(ranked).size > 1;
    const ourFinding = v.citable.level !== 'ok';
    const unchecked = (['aiseo-audit', 'agent-readability'] as const).filter((p) => v[p].level === 'n/c' || v[p].level === 'skipped');
    const why = t.why?.(o, v) ?? [];
    if (!disagree && !(ourFinding && unchecked.length) && !why.length) continue;
    const kind = disagree
      ? 'disagree'
      : ourFinding && unchecked.length
        ? unchecked.every((p) => v[p].level === 'skipped')
          ? 'peer skipped'
          : 'peer did not check'
        : 'detail';
    out.push({ site: o.site, topic: t.title, kind, verdicts: v, why });
  }
  return out;
}

/** The overall scores, for the head of each site's comparison. */
export function scores(o: SiteOutputs): Record<ToolId, string> {
  return {
    citable: `${o.ours.score}`,
    'aiseo-audit': o.aiseo ? `${o.aiseo.overallScore} (${o.aiseo.grade})` : '–',
    'agent-readability': o.vercel ? `${o.vercel.score} (${o.vercel.rating})` : '–',
  };
}

/** The page and site files as a browser-like client gets them, for the explanations above. */
export function readServedPage(html: string, robotsTxt: { status: number; body: string } | null, llmsTxt: string | null): ServedPage {
  const jsonLd = [...html.matchAll(/<script[^>]+application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!).join('\n');
  return {
    metaAuthor: /<meta[^>]+name=["']author["']/i.test(html),
    relAuthor: /rel=["'][^"']*\bauthor\b/i.test(html),
    itempropAuthor: /itemprop=["']author["']/i.test(html),
    timeElement: /<time[\s>]/i.test(html),
    articleTimeMeta: /property=["']article:(?:published|modified)_time["']/i.test(html),
    jsonLdAuthor: /"author"\s*:/.test(jsonLd),
    jsonLdDates: /"date(?:Published|Modified)"\s*:/.test(jsonLd),
    article: articleEvidence(html, jsonLd),
    canonical: /<link[^>]+rel=["']canonical["'][^>]*href=["']([^"']+)["']/i.exec(html)?.[1] ?? null,
    robotsTxt,
    llmsTxtLinks: llmsTxt ? (llmsTxt.match(/\[[^\]]*\]\([^)]+\)/g) ?? []).length : 0,
  };
}

function articleEvidence(html: string, jsonLd: string): string | null {
  const type = /"@type"\s*:\s*\[?\s*"((?:\w*Article)|BlogPosting|LiveBlogPosting|Report|SocialMediaPosting|DiscussionForumPosting)"/.exec(
    jsonLd,
  )?.[1];
  if (type) return `JSON-LD type ${type}`;
  if (/<meta[^>]+property=["']og:type["'][^>]+content=["']article["']/i.test(html)) return 'og:type article';
  if (/<meta[^>]+property=["']article:/i.test(html)) return 'article:* meta';
  if ((html.match(/<article[\s>]/gi) ?? []).length === 1) return 'one <article>';
  return null;
}
