/**
 * The repository stands alone: no comment (server, shared, extension, tests, bench, scripts, the root's configuration)
 * and no Markdown doc names a repository file or heading that does not exist, links to nothing, or points at design
 * notes kept outside the repository or at issue numbers. What they once pointed at lives in docs/ (architecture.md,
 * api-decisions.md, research/). The checker (references-checker.ts) is shown below to catch each kind on small texts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCode, checkMarkdown, headingAnchors, scanRepository, type Finding, type RepoView } from './references-checker.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OWN_FILES = [path.join(ROOT, 'tests/lint/references.test.ts'), path.join(ROOT, 'tests/lint/references-checker.ts')];

/** A small repository: these files exist, and these Markdown files have these anchors. */
function fakeRepo(files: Record<string, string[] | null>): RepoView {
  return {
    exists: (rel) => rel.replace(/\/$/, '') in files || Object.keys(files).some((f) => f.startsWith(`${rel.replace(/\/$/, '')}/`)),
    anchors: (rel) => (files[rel] ? new Set(files[rel]) : null),
  };
}

const repo = fakeRepo({
  'docs/real.md': ['kept', 'crawls'],
  'docs/other.md': ['local-part'],
  'server/a/thing.ts': null,
  'server/cli/dispatch.ts': null,
  'shared/webmcp/status.ts': null,
});

const kinds = (findings: Finding[]) => findings.map((f) => `${f.line} ${f.kind} ${f.text}`);
const inComment = (text: string) => kinds(checkCode(`/**\n * ${text.split('\n').join('\n * ')}\n */\nexport const x = 1;\n`, 'x.ts', repo));

describe('references in the repository', () => {
  it('every comment and Markdown doc names files and anchors that exist, and nothing outside the repository', () => {
    expect(scanRepository(ROOT, OWN_FILES)).toEqual([]);
  }, 120_000);
});

describe('the reference checker', () => {
  it('catches a repository path in a comment that names no file, or an anchor its doc lacks', () => {
    expect(inComment('See docs/nowhere.md and server/a/gone.ts.')).toEqual([
      '2 missing-file docs/nowhere.md',
      '2 missing-file server/a/gone.ts',
    ]);
    expect(inComment('Pointed at docs/real.md#gone.')).toEqual(['2 missing-anchor docs/real.md#gone']);
    expect(inComment('A folder that is not there: shared/nothing/.')).toEqual(['2 missing-file shared/nothing/']);
  });

  it('accepts paths that exist, a .js name for a .ts file, anchors the doc has, and patterns with placeholders', () => {
    expect(inComment('See docs/real.md#crawls, server/a/thing.js and shared/webmcp/status.ts (shared/webmcp/).')).toEqual([]);
    expect(inComment('One file per command: server/cli/<name>-command.ts, beside server/cli/dispatch.ts.')).toEqual([]);
    expect(inComment('Stores: server/a/projects-*.ts, ids as server/a/{id}.json, migrations server/a/NNNN-name.ts.')).toEqual([]);
    expect(inComment('Run one file: npx vitest run --project node tests/path/x.test.ts (or docs/x.md).')).toEqual([]);
  });

  it('reads comments only: strings, regular expressions and JSX text are not comments', () => {
    const code = [
      "const url = 'https://example.com/docs/nowhere.md';",
      'const re = /[//]docs\\/nowhere.md/;',
      'export const View = () => <p>see // docs/nowhere.md</p>;',
      '// but this comment counts: docs/nowhere.md',
    ].join('\n');
    expect(kinds(checkCode(code, 'x.tsx', repo))).toEqual(['4 missing-file docs/nowhere.md']);
  });

  it('catches relative Markdown links to nothing, and anchors missing in the target or the file itself', () => {
    const doc = ['# Other', '', '## Local part', '', '[a](real.md#kept) [b](gone.md) [c](real.md#gone) [d](#local-part) [e](#nowhere)'];
    expect(kinds(checkMarkdown(doc.join('\n'), 'docs/other.md', repo))).toEqual([
      '5 missing-file [b](gone.md)',
      '5 missing-anchor [c](real.md#gone)',
      '5 missing-anchor [e](#nowhere)',
    ]);
  });

  it('leaves links to other sites and Markdown syntax examples alone', () => {
    const doc = 'Links: [spec](https://example.com/spec.md), [mail](mailto:a@example.com), "- [name](url): notes".';
    expect(kinds(checkMarkdown(doc, 'docs/other.md', repo))).toEqual([]);
  });

  it('catches numbered sections of the design notes kept outside, also across lines and in test titles', () => {
    const contract = ['contract', 'section'].join(' ');
    expect(inComment(`As ${contract} 10 says.`)).toEqual([`2 outside-document ${contract} 10`]);
    expect(inComment(`As the contract\nsection 12 says.`)).toEqual([`2 outside-document contract section 12`]);
    const title = `it('stores it (${contract} 9)', () => {});\n`;
    expect(kinds(checkCode(title, 'x.test.ts', repo))).toEqual([`1 outside-document ${contract} 9`]);
  });

  it('catches paths to the notes beside the repository and the notes by name', () => {
    const beside = ['..', 'shared', 'design', 'architecture.md'].join('/');
    const peers = ['checks', 'and', 'peers'].join('-');
    const found = inComment(`Design: ${beside}; ${peers} section 2.2; the spec section 5; engines.md 1.4.`);
    expect(found).toEqual([
      '2 outside-document spec section 5',
      `2 outside-document ${beside.slice(0, -'/architecture.md'.length)}`,
      `2 outside-document ${peers}`,
      '2 outside-document engines.md 1.4',
    ]);
  });

  it('catches issue numbers in words and with a hash', () => {
    const issue = (n: number) => ['issue', String(n)].join(' ');
    expect(inComment(`Fixed in ${issue(12)}.`)).toEqual([`2 issue-number ${issue(12)}`]);
    expect(inComment(`Reported as #${14}.`)).toEqual([`2 issue-number #${14}`]);
    expect(inComment(`See (${['bug', '3'].join(' ')}) and ${['PR', '#7'].join(' ')}.`)).toEqual([
      '2 issue-number #7',
      `2 issue-number ${['bug', '3'].join(' ')}`,
      `2 issue-number ${['PR', '#7'].join(' ')}`,
    ]);
  });

  it('does not take public references, colours or RFC sections for issue numbers', () => {
    const text = 'Open upstream: webmachinelearning/webmcp#289, https://github.com/o/r/issues/281; RFC 9309 section 2.2.1; color: #fff.';
    expect(inComment(text)).toEqual([]);
    expect(kinds(checkCode("const accent = '#123456';\n", 'x.ts', repo))).toEqual([]);
  });

  it('reads hashes in Markdown prose only, not in headings, code spans or fenced code', () => {
    const doc = ['# Title', 'Colour `#112233` in code.', '```sh', '# 1. Start', 'echo "#12"', '```', `Prose #${12}.`].join('\n');
    expect(kinds(checkMarkdown(doc, 'docs/other.md', repo))).toEqual([`7 issue-number #${12}`]);
  });

  it('anchors headings as GitHub does', () => {
    const doc = [
      '## Opt-out signals besides robots.txt',
      '## Crawls',
      '## Crawls',
      '### `signals.agent_discovery` (kinds)',
      '<a id="Custom"></a>',
    ];
    expect([...headingAnchors(doc.join('\n'))]).toEqual([
      'opt-out-signals-besides-robotstxt',
      'crawls',
      'crawls-1',
      'signalsagent_discovery-kinds',
      'custom',
    ]);
  });
});
