import type { LlmsTxtProblem, LlmsTxtSection, LlmsTxtValidation } from './types.js';
import { clip, linkUrlProblem, matchListItem, parseListItem } from './link-grammar.js';
import { classifyLines, type MarkdownLine } from './markdown-lines.js';

/** Reports stop here; a file with more problems than this needs rewriting, not a longer list. */
const MAX_PROBLEMS = 25;
/** Agents read llms.txt whole; peers (Vercel, afdocs) warn above this size. */
const SIZE_ADVICE_CHARS = 100_000;

type AddProblem = (severity: LlmsTxtProblem['severity'], line: number | null, message: string) => void;

/**
 * Validates llms.txt text against the llmstxt.org grammar: an H1 title first (the only required
 * part), then an optional blockquote summary, then any Markdown except headings, then H2 sections
 * whose list items are `- [name](url)` optionally followed by `: notes` (sub-headings inside a
 * section are a warning). Pure; never throws.
 */
export function validateLlmsTxt(text: string): LlmsTxtValidation {
  const problems: LlmsTxtProblem[] = [];
  const add: AddProblem = (severity, line, message) => problems.push({ severity, line, message });
  const lines = classifyLines(text);
  const result: LlmsTxtValidation = { title: null, summary: null, sections: [], linkCount: 0, problems, valid: false };

  const firstBlock = lines.find((l) => l.kind !== 'blank');
  if (!firstBlock) {
    add('error', null, 'the file is empty (start it with "# Site name")');
    return finish(result);
  }
  if (text.length > SIZE_ADVICE_CHARS) {
    add(
      'warning',
      null,
      `the file is ${text.length.toLocaleString('en')} characters (keep llms.txt under 100,000 so agents can read it whole, and put the full text in llms-full.txt)`,
    );
  }

  const firstH1 = lines.find((l) => l.kind === 'heading' && l.level === 1);
  const afterTitle = readTitle(firstBlock, firstH1, result, add);
  const afterSummary = readSummary(lines, afterTitle, firstH1, result, add);
  const infoLinks = readSections(lines, firstH1 ? afterSummary : 0, firstH1, result, add);

  for (const s of result.sections) {
    if (!s.links.length) add('warning', s.line, `section "${clip(s.name)}" lists no links`);
  }
  if (result.linkCount === 0 && infoLinks === 0) {
    add('warning', null, 'the file links to nothing (list key pages as "- [name](url): notes" under H2 sections)');
  }
  return finish(result);
}

/** 1. The H1 title, which must be the first block. Returns the index of the line after it (0 without one). */
function readTitle(firstBlock: MarkdownLine, firstH1: MarkdownLine | undefined, result: LlmsTxtValidation, add: AddProblem): number {
  let cursor = 0;
  if (firstBlock.kind === 'heading' && firstBlock.level === 1) {
    result.title = firstBlock.text || null;
    cursor = firstBlock.index + 1;
  } else if (firstH1) {
    add(
      'error',
      firstBlock.number,
      `the H1 title (line ${firstH1.number}) must come first, but the file starts with ${describe(firstBlock)}`,
    );
    result.title = firstH1.text || null;
    cursor = firstH1.index + 1;
  } else {
    add('error', null, 'the file has no H1 title (its first line must be "# Site name")');
  }
  if (firstH1 && !firstH1.text) add('error', firstH1.number, 'the H1 title is empty');
  if (firstH1?.loose) add('warning', firstH1.number, 'write the H1 as "# Title" with a space after the #');
  return cursor;
}

/** 2. The optional blockquote summary right after the title. Returns the index of the line after it. */
function readSummary(
  lines: readonly MarkdownLine[],
  from: number,
  firstH1: MarkdownLine | undefined,
  result: LlmsTxtValidation,
  add: AddProblem,
): number {
  let cursor = from;
  while (cursor < lines.length && lines[cursor]!.kind === 'blank') cursor++;
  if (firstH1 && cursor < lines.length && lines[cursor]!.kind === 'quote') {
    const quote: string[] = [];
    while (cursor < lines.length && lines[cursor]!.kind === 'quote') quote.push(lines[cursor++]!.text);
    result.summary = quote.join(' ').trim() || null;
  } else if (firstH1) {
    add('warning', null, 'no blockquote summary after the H1 (add "> One-sentence summary of the site" so agents know what it is)');
  }
  return cursor;
}

/** 3. Free Markdown (no headings), then 4. H2 file-list sections. Returns the usable links in the free Markdown. */
function readSections(
  lines: readonly MarkdownLine[],
  from: number,
  firstH1: MarkdownLine | undefined,
  result: LlmsTxtValidation,
  add: AddProblem,
): number {
  let section: LlmsTxtSection | null = null;
  let infoLinks = 0;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.kind === 'heading') {
      if (line !== firstH1) section = readHeading(line, section, result, add);
      continue;
    }
    if (line.kind === 'text' || line.kind === 'quote') {
      if (!section) infoLinks += usableInlineLinks(line.text);
      continue;
    }
    if (line.kind !== 'list') continue;
    if (!section) {
      infoLinks += usableInlineLinks(line.text);
      continue;
    }
    checkListItem(line, section, result, add);
  }
  return infoLinks;
}

/** A heading after the title: an H2 starts a section (returned); anything else is a problem. */
function readHeading(
  line: MarkdownLine,
  section: LlmsTxtSection | null,
  result: LlmsTxtValidation,
  add: AddProblem,
): LlmsTxtSection | null {
  if (line.level === 1) {
    add('error', line.number, `a second H1 ("${clip(line.raw)}"), but the file has one H1 title and uses H2 for sections`);
  } else if (line.level === 2) {
    const started: LlmsTxtSection = {
      name: line.text,
      line: line.number,
      optional: line.text.trim().toLowerCase() === 'optional',
      links: [],
    };
    result.sections.push(started);
    if (!line.text) add('error', line.number, 'an H2 heading with no name');
    if (line.loose) add('warning', line.number, 'write H2 headings as "## Name" with a space after the ##');
    return started;
  } else if (section) {
    // The proposal delimits file-list sections with H2 and says nothing against sub-headings in
    // them; its reference parser keeps their links. Advice, not an error (README, "What an audit checks").
    add(
      'warning',
      line.number,
      `H${line.level} heading "${clip(line.raw)}" inside section "${clip(section.name)}": agents read its links as part of "${clip(section.name)}" (the proposal delimits sections with H2 only)`,
    );
  } else {
    // Before the first H2 the proposal allows "markdown sections ... of any type except headings".
    add('error', line.number, `H${line.level} heading "${clip(line.raw)}": only H2 headings ("## Name") may start a section of links`);
  }
  return section;
}

function checkListItem(line: MarkdownLine, section: LlmsTxtSection, result: LlmsTxtValidation, add: AddProblem): void {
  const match = matchListItem(line.raw);
  if (!match) return;
  const parsed = parseListItem(match.marker, match.content);
  if (!parsed.ok) {
    add('error', line.number, `list item "${clip(match.content)}" is not a link (file lists use "- [name](url): notes")`);
    return;
  }
  const { item } = parsed;
  section.links.push({ name: item.name, url: item.url, notes: item.notes, line: line.number });
  if (item.marker !== '-') add('error', line.number, `list item starts with "${item.marker}" (file lists use "- [name](url)")`);
  if (!item.name) add('error', line.number, 'a link with no name (write "- [name](url)")');
  const urlProblem = linkUrlProblem(item.url);
  if (urlProblem) add('error', line.number, urlProblem);
  else if (item.marker === '-' && item.name) result.linkCount++;
  if (item.stray) add('warning', line.number, `notes after a link go after ": " ("- [name](url): notes"), found "${clip(item.stray)}"`);
}

/** Markdown links in free text whose target an agent could follow (a stray "](" is not a link). */
function usableInlineLinks(text: string): number {
  let count = 0;
  for (const m of text.matchAll(/\[[^\]]*\]\(([^)]*)\)/g)) if (linkUrlProblem(m[1]!.trim()) === null) count++;
  return count;
}

function describe(line: MarkdownLine): string {
  switch (line.kind) {
    case 'heading':
      return `an H${line.level} heading ("${clip(line.raw)}")`;
    case 'quote':
      return 'a blockquote';
    case 'list':
      return 'a list';
    case 'fence':
    case 'code':
      return 'a code block';
    default:
      return `"${clip(line.raw)}"`;
  }
}

function finish(result: LlmsTxtValidation): LlmsTxtValidation {
  const { problems } = result;
  // Errors first, then by line, so a capped list still shows what makes the file invalid.
  problems.sort((a, b) => rank(a) - rank(b) || (a.line ?? 0) - (b.line ?? 0));
  result.valid = !problems.some((p) => p.severity === 'error');
  if (problems.length > MAX_PROBLEMS) {
    const dropped = problems.length - (MAX_PROBLEMS - 1);
    problems.splice(MAX_PROBLEMS - 1, problems.length, {
      severity: problems[MAX_PROBLEMS - 1]!.severity,
      line: null,
      message: `and ${dropped} more problems`,
    });
  }
  return result;
}

const rank = (p: LlmsTxtProblem) => (p.severity === 'error' ? 0 : 1);
