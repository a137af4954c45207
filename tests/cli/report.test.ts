import { describe, expect, it } from 'vitest';
import type { Audit } from '../../shared/index.js';
import { renderReport } from '../../server/cli/report/render-report.js';
import { safe, wrap } from '../../server/cli/report/text.js';

const ESC = '\x1b';

function sampleAudit(over: Partial<Audit> = {}): Audit {
  return {
    id: '6f1c2f8e-8d6a-4f5e-9a57-0c6b1f3f9a11',
    url: 'example.com',
    final_url: 'https://www.example.com/',
    origin: 'server',
    builder: 'Webflow',
    score: 42,
    score_cap: null,
    status: 'complete',
    category_scores: [
      { name: 'Crawler Access', score: 30, applicable: true },
      { name: 'Rendering', score: 95, applicable: true },
      { name: 'Structured Data', score: 60, applicable: true },
      { name: 'Content Structure', score: 100, applicable: true },
      { name: 'AI Discovery', score: 0, applicable: true },
      { name: 'Trust', score: 75, applicable: true },
    ],
    scanned_at: '2026-11-21T10:00:00.000Z',
    duration_ms: 1234,
    issues: [
      {
        severity: 'critical',
        category: 'Crawler Access',
        title: 'AI search agents blocked',
        detail: 'robots.txt blocks OAI-SearchBot. Allow it.',
        position: 0,
        rule: 'robots.search-agents-blocked',
      },
      {
        severity: 'warning',
        category: 'Structured Data',
        title: 'No JSON-LD',
        detail: 'Add JSON-LD.',
        position: 1,
        rule: 'json-ld.present',
      },
      {
        severity: 'notice',
        category: 'Crawler Access',
        title: 'Training opt-out',
        detail: 'GPTBot is blocked.',
        position: 2,
        rule: 'robots.training-agents-blocked',
      },
    ],
    rule_errors: [],
    crawlers: [
      {
        agent: 'OAI-SearchBot',
        operator: 'OpenAI',
        purpose: 'search',
        robots: 'blocked',
        http_status: 403,
        challenged: true,
        served: null,
      },
      { agent: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user', robots: 'allowed', http_status: 200, served: null },
      { agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', robots: 'blocked', served: null },
    ],
    llms_txt: { status: 'present', valid: false, problems: ['No H1 title line.', 'Link list is empty.'] },
    signals: {
      webmcp: {
        status: 'detected',
        source: 'external_script',
        bundlesScanned: 2,
        bundlesTotal: 3,
        evidence: [
          {
            kind: 'imperative-registerTool',
            confidence: 'high',
            location: { type: 'external-script', url: 'https://www.example.com/app.js', line: 12, column: 5 },
            snippet: 'document.modelContext.registerTool({name:"search"',
            toolName: 'search',
          },
        ],
      },
    },
    ...over,
  };
}

describe('renderReport', () => {
  const plain = renderReport(sampleAudit(), { color: false });

  it('shows the URL, final URL, score with the critical cap, builder and scan time', () => {
    expect(plain).toContain('Citable audit of example.com');
    expect(plain).toMatch(/Final URL\s+https:\/\/www\.example\.com\//);
    expect(plain).toMatch(/Score\s+42\/100\s+█{8}░{12}\s+\(capped at 49 while a critical issue stands\)/);
    expect(plain).toMatch(/Builder\s+Webflow/);
    expect(plain).toMatch(/Scanned\s+2026-11-21T10:00:00.000Z in 1\.2 s/);
  });

  it('draws a bar per category in contract order', () => {
    const rows = plain.split('\n').filter((l) => /^ {2}\S.*[█░]{20}\s+\d+$/.test(l));
    expect(rows.map((r) => r.trim().split(/\s{2,}/)[0])).toEqual([
      'Crawler Access',
      'Rendering',
      'Structured Data',
      'Content Structure',
      'AI Discovery',
      'Trust',
    ]);
    expect(rows[3]).toMatch(/█{20}\s+100$/);
    expect(rows[4]).toMatch(/░{20}\s+0$/);
  });

  it('groups issues by severity with counts, rule ids and advice', () => {
    expect(plain).toContain('Issues (1 critical, 1 warning, 1 notice)');
    const order = [
      'Critical',
      'AI search agents blocked',
      'robots.txt blocks OAI-SearchBot. Allow it.',
      'Warnings',
      'No JSON-LD',
      'Notices',
      'Training opt-out',
    ];
    const at = order.map((s) => plain.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(plain).toContain('[Crawler Access · robots.search-agents-blocked]');
  });

  it('says where the audit was scored, when the audit recorded it', () => {
    const inputs = { rendered: false, runtime_webmcp: false, agent_probes: 8, redirect_hops_hidden: false, unread_files: [] };
    expect(renderReport(sampleAudit({ inputs }), { color: false })).toMatch(
      /Source +Scored on the server, from the HTML without running JavaScript: the checks that need the rendered page were left out\./,
    );
    expect(plain).not.toContain('Source');
  });

  it('says so when there are no issues', () => {
    expect(renderReport(sampleAudit({ issues: [], score: 97 }), { color: false })).toContain('No issues found.');
  });

  it('tabulates crawlers with verdict, status and challenge', () => {
    expect(plain).toMatch(/OAI-SearchBot\s+search\s+blocked\s+403 challenged\s+OpenAI/);
    expect(plain).toMatch(/ChatGPT-User\s+user\s+allowed\s+200\s+OpenAI/);
    expect(plain).toMatch(/GPTBot\s+training\s+blocked\s+-\s+OpenAI/);
  });

  it('shows llms.txt status and problems', () => {
    expect(plain).toMatch(/llms\.txt\s+present, not valid/);
    expect(plain).toContain('- No H1 title line.');
  });

  it('summarises WebMCP: status, source, scripts and evidence', () => {
    expect(plain).toMatch(/WebMCP\s+detected \(source: external_script; 2 of 3 scripts scanned; informational, not scored\)/);
    expect(plain).toContain('imperative-registerTool (high) tool "search" at https://www.example.com/app.js:12:5');
  });

  it('caps the evidence list and points to --json', () => {
    const one = sampleAudit().signals.webmcp.evidence[0]!;
    const audit = sampleAudit();
    audit.signals.webmcp.evidence = Array.from({ length: 8 }, () => one);
    const text = renderReport(audit, { color: false });
    expect(text.match(/imperative-registerTool/g)).toHaveLength(5);
    expect(text).toContain('... and 3 more (see --json)');
  });

  it('uses colour codes only when asked', () => {
    expect(plain).not.toContain(ESC);
    const coloured = renderReport(sampleAudit(), { color: true });
    expect(coloured).toContain(`${ESC}[31m`); // red for the critical issue and the low score
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('neutralises control sequences in every site-controlled string', () => {
    const evil = `x${ESC}]0;pwned\x07${ESC}[2J\u202eevil\r`;
    const audit = sampleAudit({ url: evil, final_url: evil, builder: evil });
    audit.issues[0]!.title = evil;
    audit.issues[0]!.detail = evil;
    audit.crawlers[0]!.operator = evil;
    audit.llms_txt.problems = [evil];
    audit.signals.webmcp.evidence[0]!.snippet = evil;
    audit.signals.webmcp.evidence[0]!.toolName = evil;
    const text = renderReport(audit, { color: false });
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f\u202e]/);
  });
});

describe('renderReport: what the audit could not judge (docs/api-decisions.md#what-audits-could-not-judge)', () => {
  const categories = (applicable: boolean[]) =>
    sampleAudit().category_scores.map((c, i) => ({ ...c, score: applicable[i] ? c.score : 100, applicable: applicable[i]! }));

  it('shows an inapplicable category as n/a, never as a full bar or 100, and says why', () => {
    const audit = sampleAudit({ category_scores: categories([true, true, false, false, true, true]) });
    const text = renderReport(audit, { color: false });
    const row = (name: string) => text.split('\n').find((l) => l.trimStart().startsWith(name))!;
    expect(row('Structured Data')).toMatch(/Structured Data\s+·{20}\s+n\/a$/);
    expect(row('Content Structure')).toMatch(/Content Structure\s+·{20}\s+n\/a$/);
    expect(row('Content Structure')).not.toMatch(/█|100/);
    expect(row('Rendering')).toMatch(/█+░*\s+95$/);
    expect(text).toContain('n/a: nothing in the category applied to this page; it is left out of the score.');
    expect(renderReport(sampleAudit(), { color: false })).not.toContain('n/a');
  });

  it("explains the cap next to the score with its reason and the categories' average", () => {
    const audit = sampleAudit({
      score: 49,
      score_cap: { max: 49, reason: '2 critical issues' },
      category_scores: sampleAudit().category_scores.map((c) => ({ ...c, score: 71 })),
    });
    const text = renderReport(audit, { color: false });
    expect(text).toMatch(/Score\s+49\/100\s+[█░]{20}\s+\(capped at 49: 2 critical issues \(the categories average 71\)\)/);
  });

  it('reads the overall score as n/a when no category applied', () => {
    const audit = sampleAudit({ score: 0, issues: [], category_scores: categories([false, false, false, false, false, false]) });
    expect(renderReport(audit, { color: false })).toMatch(/Score\s+n\/a\s+\(no category applied to this page\)/);
  });

  it('lists rules that threw, and prints nothing about them when every rule ran', () => {
    const audit = sampleAudit({ rule_errors: [{ rule: 'content.title', message: 'TypeError: boom' }] });
    const text = renderReport(audit, { color: false });
    expect(text).toContain('Checks that could not run (1 check could not run, so it counts as failed)');
    expect(text).toMatch(/! content\.title\n\s+TypeError: boom/);
    expect(renderReport(sampleAudit(), { color: false })).not.toContain('could not run');
  });

  it('reads an audit stored before these members existed as before', () => {
    const old = sampleAudit() as Partial<Audit>;
    delete old.score_cap;
    delete old.rule_errors;
    for (const c of old.category_scores!) delete (c as Partial<typeof c>).applicable;
    expect(renderReport(old as Audit, { color: false })).toBe(renderReport(sampleAudit(), { color: false }));
  });
});

describe('text helpers', () => {
  it('safe() keeps ordinary text and drops controls', () => {
    expect(safe('Café — “ok” 日本')).toBe('Café — “ok” 日本');
    expect(safe(`a${ESC}[31mb\u0007c\u009bd`)).toBe('a[31mbcd');
  });

  it('wrap() breaks at word boundaries within the width', () => {
    const lines = wrap('one two three four five six seven eight nine ten', 20, '    ');
    expect(lines.every((l) => l.length <= 20 && l.startsWith('    '))).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ').trim()).toBe('one two three four five six seven eight nine ten');
  });
});

describe('the agent web in the report', () => {
  const files = [
    {
      kind: 'mcp_server_card',
      url: 'https://www.example.com/.well-known/mcp/server-card.json',
      status: 'not_found',
      problems: [],
      via: ['well_known'],
    },
    {
      kind: 'api_catalog',
      url: 'https://www.example.com/.well-known/api-catalog',
      status: 'found',
      problems: [],
      via: ['well_known', 'link_header'],
    },
    {
      kind: 'a2a_agent_card',
      url: 'https://www.example.com/.well-known/agent-card.json',
      status: 'invalid',
      problems: ['`skills` is missing', `evil\x1b[2J`],
      via: ['well_known'],
    },
  ] as const;

  it('summarises the agent discovery files and lists those present, with what is wrong, terminal-safe', () => {
    const audit = sampleAudit();
    audit.signals = {
      ...audit.signals,
      agent_discovery: { files: files.map((f) => ({ ...f, problems: [...f.problems], via: [...f.via] })) },
    };
    const out = renderReport(audit, { color: false });
    expect(out).toContain('Agent files  1 found, 1 invalid, 1 not found');
    expect(out).toContain('- api_catalog found: https://www.example.com/.well-known/api-catalog (linked from the Link header)');
    expect(out.replace(/\s+/g, ' ')).toContain(
      '- a2a_agent_card invalid: https://www.example.com/.well-known/agent-card.json: `skills` is missing; evil[2J',
    );
    expect(out).not.toContain('mcp_server_card');
    expect(out).not.toContain(`${ESC}[2J`);
  });

  it('says an older audit did not check them, and shows a 402 in the crawler table', () => {
    const audit = sampleAudit({
      crawlers: [
        { agent: 'GPTBot', operator: 'OpenAI', purpose: 'training', robots: 'allowed', http_status: 402, challenged: false, served: null },
      ],
    });
    const out = renderReport(audit, { color: false });
    expect(out).toContain('Agent files  not checked');
    expect(out).toMatch(/GPTBot\s+training\s+allowed\s+402 asked to pay/);
  });
});
