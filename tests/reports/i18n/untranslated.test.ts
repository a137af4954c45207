/**
 * A report in German, French or Spanish holds no English chrome: each fixture report (an audit with every panel,
 * a crawl with worst pages, advice and expired audits, a dead share page, the PDF footer) is rendered in each
 * language and searched for the English catalogue's words. A phrase a language writes the same way (llms.txt,
 * "HTTP {status}") is not looked for; the English render must hold many of the phrases, so the search means something.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES, REPORT_LANGUAGES, type Message, type ReportLanguage } from '../../../shared/i18n/index.js';
import { PLACEHOLDER } from '../../../shared/i18n/message.js';
import { renderAuditReportHtml } from '../../../shared/report/render-audit-report.js';
import { renderCrawlReportHtml } from '../../../shared/report/render-crawl-report.js';
import { renderShareGoneHtml } from '../../../shared/report/render-share-gone.js';
import { pdfFooterTemplate } from '../../../shared/report/pdf-footer.js';
import { crawler } from '../fixtures/audits.js';
import type { CrawlerVerdict } from '../../../shared/types/audit.js';
import type { ReportCrawl } from '../../../shared/report/types.js';
import { makeCrawl, makePages } from '../fixtures/crawls.js';
import { auditWithDiscovery, longAudit } from '../fixtures/report-audits.js';
import { reportTraffic } from '../fixtures/traffic.js';

const RULE_TITLES: Record<string, string> = {
  'robots.search-agents-blocked': 'robots.txt blocks AI search crawlers',
  'json-ld.missing': 'No JSON-LD structured data',
  'markdown.negotiation': 'No Markdown for agents',
};

const named = (c: CrawlerVerdict): CrawlerVerdict => ({ ...c, operator: 'OpenAI' });

function withNamedCrawlers(crawl: ReportCrawl): ReportCrawl {
  const site = crawl.site as { crawlers?: CrawlerVerdict[] } | null;
  return site?.crawlers ? { ...crawl, site: { ...site, crawlers: site.crawlers.map(named) } } : crawl;
}

const forms = (m: Message): string[] => (typeof m === 'string' ? [m] : Object.values(m).filter((v): v is string => typeof v === 'string'));

/** The English phrases to look for: each message's text between placeholders, long enough to be words, not a name. */
function englishPhrases(lang: ReportLanguage): string[] {
  const en = CATALOGUES.en as Record<string, Message>;
  const other = CATALOGUES[lang] as Record<string, Message>;
  const phrases = new Set<string>();
  // The terminal report's words (cli.*) are not shown in these reports: tests/cli/terminal-language.test.ts checks them.
  for (const key of Object.keys(en).filter((k) => !k.startsWith('cli.'))) {
    const translated = forms(other[key]!).join('\n');
    for (const form of forms(en[key]!)) {
      for (const piece of form.split(PLACEHOLDER).filter((_, i) => i % 2 === 0)) {
        const phrase = piece
          .trim()
          .replace(/^[(:,.·]+|[):,.·]+$/g, '')
          .trim();
        if (phrase.length >= 6 && /[a-z]{3}/i.test(phrase) && !translated.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

/** The phrase as words of the text, not inside an id or address (`search-agents-blocked` holds no "agents"). */
function holds(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}

/** What a reader meets: the text and the attributes read aloud or shown (alt, title, aria-label), tags and CSS out. */
function readable(html: string): string {
  const attributes = [...html.matchAll(/\s(?:alt|title|aria-label)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return `${text}\n${attributes.join('\n')}`.replace(/\s+/g, ' ');
}

function fixtureReports(lang: ReportLanguage): string[] {
  const audit = {
    ...auditWithDiscovery(),
    ...longAudit(),
    signals: auditWithDiscovery().signals,
    crawlers: [
      crawler('OAI-SearchBot', 'blocked'),
      { ...crawler('ChatGPT-User', 'allowed', 'user'), served: { outcome: 'ok' as const, http_status: 200, words: 812, similarity: 0.97 } },
      { ...crawler('PerplexityBot', 'allowed'), served: { outcome: 'challenge' as const, http_status: 403, words: 12, similarity: 0.02 } },
      crawler('CCBot', 'allowed', 'archive'),
    ].map(named),
    rule_errors: [{ rule: 'trust.dates', message: 'boom' }],
    rendering: {
      engine: 'Chromium 131',
      ms: 1540,
      raw: { words: 120, links: 4, json_ld: 0, title: null },
      rendered: { words: 900, links: 40, json_ld: 1, title: 'Pricing' },
    },
  };
  const history = [
    { scanned_at: '2026-11-01T10:00:00.000Z', score: 30 },
    { scanned_at: '2026-11-10T10:00:00.000Z', score: 35 },
  ];
  const branding = { name: 'North Agency', contact: 'hello@north.example' };
  const pages = makePages(40).map((p, i) => (i === 0 ? { ...p, audit_expired: true } : p));
  // Titles as the rules write them (translated by the title lists), and an operator name that is no English word.
  const crawl = makeCrawl(240);
  crawl.issues = (crawl.issues ?? []).map((i) => ({ ...i, title: RULE_TITLES[i.rule] ?? i.title }));
  const advice = Object.fromEntries((crawl.issues ?? []).map((i) => [i.rule, `Advice for ${i.rule}.`]));
  return [
    renderAuditReportHtml(audit, { lang, history, branding, pdfHref: '?format=pdf', unsupportedLang: 'pt' }),
    renderCrawlReportHtml(withNamedCrawlers(crawl), {
      lang,
      history,
      branding,
      worstPages: pages,
      advice,
      expiredAudits: 1,
      traffic: reportTraffic(),
    }),
    renderCrawlReportHtml(withNamedCrawlers(makeCrawl(0, { status: 'running', score: null, issues: [], templates: [] })), { lang }),
    renderCrawlReportHtml(withNamedCrawlers(makeCrawl(10, { status: 'failed', error: 'the site went away', issues: [] })), { lang }),
    renderShareGoneHtml({ lang }),
    renderShareGoneHtml({ lang, branding }),
    pdfFooterTemplate(branding, 'https://client.example/', lang),
  ];
}

describe('a report in another language holds no English chrome', () => {
  const english = readable(fixtureReports('en').join('\n'));

  for (const lang of REPORT_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: none of the English phrases, in text or in alt, title and aria-label`, () => {
      const phrases = englishPhrases(lang);
      // The fixtures reach most of the catalogue: the search below is over what a report really shows.
      const shown = phrases.filter((p) => holds(english, p));
      expect(shown.length).toBeGreaterThan(100);
      const text = readable(fixtureReports(lang).join('\n'));
      expect(shown.filter((p) => holds(text, p))).toEqual([]);
    });
  }

  it('says the language in <html lang> and the advice note, and falls back with a note for an unknown ?lang=', () => {
    const [audit] = fixtureReports('de');
    expect(audit).toContain('<html lang="de">');
    expect(audit).toContain('data-testid="advice-note"');
    expect(audit).toContain('Diesen Bericht gibt es nicht in der gewünschten Sprache (pt)');
    expect(fixtureReports('en')[0]).not.toContain('data-testid="advice-note"');
  });
});
