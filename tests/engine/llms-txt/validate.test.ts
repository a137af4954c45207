import { describe, expect, test } from 'vitest';
import { validateLlmsTxt } from '../../../shared/llms-txt/validate.js';
import { formatProblem } from '../../../shared/llms-txt/types.js';

/** The example from llmstxt.org, lightly shortened. */
const SPEC_EXAMPLE = `# FastHTML

> FastHTML is a python library which brings together Starlette, Uvicorn, HTMX, and fastcore's \`FT\` "FastTags" into a library for creating server-rendered hypermedia applications.

Important notes:

- Although parts of its API are inspired by FastAPI, it is *not* compatible with FastAPI syntax
- FastHTML is compatible with JS-native web components and any vanilla JS library, but not with React, Vue, or Svelte.

## Docs

- [FastHTML quick start](https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md): A brief overview of many FastHTML features
- [HTMX reference](https://raw.githubusercontent.com/bigskysoftware/htmx/master/www/content/reference.md): Brief description of all HTMX attributes

## Examples

- [Todo list application](https://raw.githubusercontent.com/AnswerDotAI/fasthtml/main/examples/adv_app.py): Detailed walk-thru of a complete CRUD app

## Optional

- [Starlette full documentation](https://gist.githubusercontent.com/jph00/809e4a4808d4510be0e3dc9565e9cbd3/raw/starlette-sml.md): A subset of the Starlette documentation
`;

const errors = (text: string) => validateLlmsTxt(text).problems.filter((p) => p.severity === 'error');
const warnings = (text: string) => validateLlmsTxt(text).problems.filter((p) => p.severity === 'warning');

describe('validateLlmsTxt: valid files', () => {
  test('the llmstxt.org example is valid, with title, summary, sections and the Optional section', () => {
    const v = validateLlmsTxt(SPEC_EXAMPLE);
    expect(v.valid).toBe(true);
    expect(v.problems).toEqual([]);
    expect(v.title).toBe('FastHTML');
    expect(v.summary).toMatch(/^FastHTML is a python library/);
    expect(v.sections.map((s) => [s.name, s.optional, s.links.length])).toEqual([
      ['Docs', false, 2],
      ['Examples', false, 1],
      ['Optional', true, 1],
    ]);
    expect(v.linkCount).toBe(4);
    expect(v.sections[0]!.links[0]).toMatchObject({
      name: 'FastHTML quick start',
      url: 'https://fastht.ml/docs/tutorials/quickstart_for_web_devs.html.md',
      notes: 'A brief overview of many FastHTML features',
      line: 12,
    });
  });

  test('an H1 alone is valid (the only required section) but warns about the missing summary and links', () => {
    const v = validateLlmsTxt('# Just a title\n');
    expect(v.valid).toBe(true);
    expect(v.problems.map((p) => p.message).join(' | ')).toMatch(/blockquote summary.*\|.*links to nothing/);
  });

  test('root-relative and protocol-relative links are accepted; notes are optional', () => {
    const v = validateLlmsTxt(
      '# Site\n\n> Summary\n\n## Docs\n\n- [A](/docs/a.md)\n- [B](//cdn.example.com/b.md)\n- [C](https://example.com/c)\n',
    );
    expect(v.valid).toBe(true);
    expect(v.problems).toEqual([]);
    expect(v.linkCount).toBe(3);
  });

  test('leading blank lines, a BOM, CRLF line endings and closing #s are tolerated', () => {
    const v = validateLlmsTxt('\uFEFF\r\n\r\n# Site #\r\n\r\n> Summary\r\n\r\n## Docs ##\r\n\r\n- [A](https://example.com/a): notes\r\n');
    expect(v.valid).toBe(true);
    expect(v.title).toBe('Site');
    expect(v.sections[0]!.name).toBe('Docs');
    expect(v.problems).toEqual([]);
  });

  test('# lines inside fenced code are not headings', () => {
    const v = validateLlmsTxt(
      '# Site\n\n> Summary\n\n```bash\n# install\n### not a heading\n```\n\n## Docs\n\n- [A](https://example.com/a)\n',
    );
    expect(v.valid).toBe(true);
    expect(v.sections).toHaveLength(1);
  });

  test('a multi-line blockquote summary is joined', () => {
    const v = validateLlmsTxt('# Site\n> First line\n> second line\n\n## Docs\n- [A](/a)\n');
    expect(v.summary).toBe('First line second line');
    expect(v.valid).toBe(true);
  });
});

describe('validateLlmsTxt: invalid files', () => {
  test('an empty or blank file is invalid', () => {
    for (const text of ['', '   \n\n  \t\n']) {
      const v = validateLlmsTxt(text);
      expect(v.valid).toBe(false);
      expect(v.problems[0]!.message).toMatch(/empty/);
    }
  });

  test('no H1 at all is invalid', () => {
    const v = validateLlmsTxt('Welcome to our site\n\n## Docs\n\n- [A](https://example.com/a)\n');
    expect(v.valid).toBe(false);
    expect(v.title).toBeNull();
    expect(errors('Welcome\n\n## Docs\n- [A](/a)\n')[0]!.message).toMatch(/no H1 title/);
    // The sections are still read so their problems can be reported too.
    expect(v.sections).toHaveLength(1);
  });

  test('an H1 that is not the first block is invalid, and the line is named', () => {
    const v = validateLlmsTxt('Some intro text\n\n# Site\n\n> Summary\n\n## Docs\n\n- [A](https://example.com/a)\n');
    expect(v.valid).toBe(false);
    expect(v.title).toBe('Site');
    const first = errors('Some intro text\n\n# Site\n\n> Summary\n')[0]!;
    expect(first.line).toBe(1);
    expect(first.message).toMatch(/H1 title \(line 3\) must come first/);
  });

  test('a blockquote or an H2 before the H1 also breaks the order', () => {
    expect(errors('> summary first\n# Site\n')[0]!.message).toMatch(/starts with a blockquote/);
    expect(errors('## Docs\n# Site\n')[0]!.message).toMatch(/starts with an H2 heading/);
  });

  test('headings other than H2 delimit no section: H3+ before the sections and a second H1 are errors, a sub-heading inside a section a warning', () => {
    const text = '# Site\n\n> Summary\n\n### Guides\n\n- [A](https://example.com/a)\n\n## Docs\n\n#### Deep\n\n# Another title\n';
    const found = errors(text);
    expect(found.map((p) => p.line)).toEqual([5, 13]);
    expect(found[0]!.message).toMatch(/H3 heading "### Guides": only H2 headings/);
    expect(found[1]!.message).toMatch(/second H1/);
    expect(warnings(text).map((p) => p.line)).toContain(11);
  });

  test('list items in a file list must be links', () => {
    const found = errors('# Site\n\n## Docs\n\n- Our docs are at https://example.com/docs\n');
    expect(found).toHaveLength(1);
    expect(found[0]!.line).toBe(5);
    expect(found[0]!.message).toMatch(/is not a link/);
  });

  test('malformed link targets are errors', () => {
    const cases: Array<[string, RegExp]> = [
      ['- [A](docs/a.md)', /relative URL/],
      ['- [A](./a.md)', /relative URL/],
      ['- [A](https://exa mple.com/a)', /contains spaces/],
      ['- [A](mailto:team@example.com)', /mailto: link/],
      ['- [A]()', /no URL/],
      ['- [A](http://)', /not a well-formed URL|has no host/],
      ['- [](https://example.com/a)', /no name/],
    ];
    for (const [item, message] of cases) {
      const found = errors(`# Site\n\n## Docs\n\n${item}\n`);
      expect(found.map((p) => p.message).join(' | '), item).toMatch(message);
      expect(validateLlmsTxt(`# Site\n\n## Docs\n\n${item}\n`).valid).toBe(false);
    }
  });

  test('list markers other than "-" are errors (the reference parser only reads "- [")', () => {
    for (const marker of ['*', '+', '1.']) {
      const found = errors(`# Site\n\n## Docs\n\n${marker} [A](https://example.com/a)\n`);
      expect(found[0]!.message).toContain(`starts with "${marker}"`);
    }
  });

  test('an H1 written without a space is accepted with a warning', () => {
    const v = validateLlmsTxt('#Site\n\n> Summary\n\n## Docs\n- [A](/a)\n');
    expect(v.valid).toBe(true);
    expect(v.title).toBe('Site');
    expect(v.problems[0]!.message).toMatch(/space after the #/);
  });
});

describe('validateLlmsTxt: warnings that leave the file valid', () => {
  test('notes not introduced by ": " are a warning', () => {
    const found = warnings('# Site\n\n> S\n\n## Docs\n\n- [A](https://example.com/a) - the A page\n');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(/notes after a link go after ": "/);
  });

  test('an H2 section with no links is a warning', () => {
    const v = validateLlmsTxt('# Site\n\n> S\n\n## Empty\n\nJust prose.\n\n## Docs\n\n- [A](/a)\n');
    expect(v.valid).toBe(true);
    expect(v.problems.map(formatProblem)).toEqual(['Line 5: section "Empty" lists no links']);
  });

  test('a file over 100,000 characters gets a size warning', () => {
    const big = `# Site\n\n> S\n\n## Docs\n\n${'- [A page](https://example.com/a): notes\n'.repeat(3000)}`;
    const v = validateLlmsTxt(big);
    expect(v.valid).toBe(true);
    expect(v.problems[0]!.message).toMatch(/keep llms.txt under 100,000/);
  });
});

describe('problem reporting', () => {
  test('problems say their line', () => {
    const v = validateLlmsTxt('# Site\n\n## Docs\n\n- [A](a.md)\n');
    expect(v.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      'Line 5: "a.md" is a relative URL (use an absolute URL or a path starting with /)',
    ]);
  });

  test('errors come before warnings and the list is capped at 25', () => {
    const bad = `# Site\n\n## Docs\n\n${'- not a link\n'.repeat(100)}`;
    const v = validateLlmsTxt(bad);
    expect(v.valid).toBe(false);
    expect(v.problems).toHaveLength(25);
    expect(v.problems[0]!.severity).toBe('error');
    expect(v.problems[24]!.message).toMatch(/^and \d+ more problems$/);
  });
});
