import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateLlmsTxt } from '../../../shared/llms-txt/validate.js';

/**
 * The llms.txt proposal's own files and its reference parser's test cases
 * (tests/fixtures/public/llms-txt/README.md: repository, paths, commits, licence).
 */
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/public/llms-txt/${name}`, import.meta.url), 'utf8');
const linkLines = (text: string) => text.split('\n').filter((l) => /^-\s*\[[^\]]+\]\([^)]+\)/.test(l)).length;

describe("the proposal's own llms.txt files", () => {
  it.each(['llmstxt-org-llms.txt', 'llmstxt-org-llms-sample.txt'])('%s is valid with no problem, every link kept', (name) => {
    const text = fixture(name);
    const v = validateLlmsTxt(text);
    expect([v.valid, v.problems]).toEqual([true, []]);
    // Only the section links: the sample's info part has list items too, which are not links.
    expect(v.linkCount).toBe(v.sections.reduce((n, s) => n + s.links.length, 0));
    expect(v.linkCount).toBe(linkLines(text.slice(text.indexOf('\n## '))));
  });
});

describe("the reference parser's tests (AnswerDotAI/llms-txt tests/test-parse.py), translated", () => {
  it('test_basic_parsing', () => {
    const v = validateLlmsTxt(
      '# Title\n\n> Optional description goes here\n\nOptional details go here\n\n## Section name\n\n- [Link title](https://link_url): Optional link details\n\n## Optional\n\n- [Link title](https://link_url)\n',
    );
    expect([v.title, v.summary]).toEqual(['Title', 'Optional description goes here']);
    expect(v.sections.map((s) => [s.name, s.links.length, s.optional])).toEqual([
      ['Section name', 1, false],
      ['Optional', 1, true],
    ]);
  });

  it('test_multiple_links', () => {
    const v = validateLlmsTxt(
      '# Another Title\n\n> Another description\n\nMore details\n\n## Links\n\n- [Google](https://google.com): Search engine\n- [OpenAI](https://openai.com)\n\n## More Info\n\n- [Python](https://python.org): Programming language\n',
    );
    expect(v.valid).toBe(true);
    expect(v.sections.map((s) => [s.name, s.links.length])).toEqual([
      ['Links', 2],
      ['More Info', 1],
    ]);
    expect(v.sections[0]!.links[0]).toMatchObject({ name: 'Google', url: 'https://google.com', notes: 'Search engine' });
  });

  it('test_missing_optional_fields: no summary is advice, not an error', () => {
    const v = validateLlmsTxt('# Only Title\n\nOnly details here\n\n## Section\n\n- [Item](https://example.com)\n');
    expect([v.valid, v.title, v.summary, v.sections[0]!.links.length]).toEqual([true, 'Only Title', null, 1]);
  });

  it('test_no_links: valid, with the advice to link somewhere', () => {
    const v = validateLlmsTxt('# No Links Title\n\n> No description\n\nSome details without links\n');
    expect([v.valid, v.sections]).toEqual([true, []]);
    expect(v.problems.map((p) => p.message)).toEqual([expect.stringMatching(/links to nothing/)]);
  });
});

describe('H3 sub-headings inside an H2 section', () => {
  // The proposal's FastHTML sample with its Docs section split by H3 sub-headings, as many sites write it.
  const sample = fixture('llmstxt-org-llms-sample.txt')
    .replace('## Docs\n\n', '## Docs\n\n### Getting started\n\n')
    .replace('- [HTMX reference]', '### References\n\n- [HTMX reference]');

  it('the file stays valid; each sub-heading gets a warning; its links stay in the H2 section', () => {
    const v = validateLlmsTxt(sample);
    expect(v.valid).toBe(true);
    expect(v.problems.map((p) => [p.severity, p.message])).toEqual([
      [
        'warning',
        'H3 heading "### Getting started" inside section "Docs": agents read its links as part of "Docs" (the proposal delimits sections with H2 only)',
      ],
      [
        'warning',
        'H3 heading "### References" inside section "Docs": agents read its links as part of "Docs" (the proposal delimits sections with H2 only)',
      ],
    ]);
    expect(v.sections.map((s) => [s.name, s.links.length])).toEqual([
      ['Docs', 3],
      ['Examples', 1],
      ['Optional', 1],
    ]);
    // Every link the reference parser keeps (it splits at any line starting with ##, so ### too).
    expect(v.linkCount).toBe(linkLines(sample.slice(sample.indexOf('\n## '))));
  });

  it('deeper sub-headings (H4-H6) inside a section are treated alike', () => {
    const v = validateLlmsTxt('# Site\n\n> Summary\n\n## Docs\n\n#### Deep\n\n- [A](https://example.com/a)\n');
    expect(v.valid).toBe(true);
    expect(v.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^H4 heading "#### Deep" inside section "Docs"/)]);
  });

  it('before the first H2 a heading is still an error: the proposal allows "any type except headings" there', () => {
    const v = validateLlmsTxt(
      '# Site\n\n> Summary\n\n### Guides\n\n- [A](https://example.com/a)\n\n## Docs\n\n- [B](https://example.com/b)\n',
    );
    expect(v.valid).toBe(false);
    expect(v.problems.filter((p) => p.severity === 'error').map((p) => p.line)).toEqual([5]);
  });
});
