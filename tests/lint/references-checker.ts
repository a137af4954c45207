/**
 * Finds references that lead nowhere: a comment or a Markdown doc naming a repository file that does not exist (or a
 * heading anchor the Markdown file lacks), a relative Markdown link to nothing, and mentions of documents that live
 * outside the repository (design notes beside it, numbered sections of them) or of issue numbers. The repository must
 * stand alone: what these once pointed at is in docs/ (docs/api-decisions.md, docs/research/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type FindingKind = 'missing-file' | 'missing-anchor' | 'outside-document' | 'issue-number';

export interface Finding {
  line: number;
  kind: FindingKind;
  text: string;
}

/** What the checks need to know of the repository. */
export interface RepoView {
  /** A file or directory at this path relative to the root. */
  exists(relPath: string): boolean;
  /** The anchors of a Markdown file (headings and `<a id>`), or null when it does not exist. */
  anchors(relPath: string): ReadonlySet<string> | null;
}

/** Lines joined into one text, with where each begins, so a match across joined lines reports where it starts. */
export interface Prose {
  text: string;
  /** Offset in `text` where each joined line begins, ascending. */
  starts: number[];
  /** The source line number of each joined line. */
  numbers: number[];
}

/** The source line of the character at `index`. */
function lineAt(prose: Prose, index: number): number {
  let low = 0;
  let high = prose.starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (prose.starts[mid]! <= index) low = mid;
    else high = mid - 1;
  }
  return prose.numbers[low] ?? 0;
}

// Design documents and their numbered sections that live beside the repository, never in it.
const OUTSIDE = [
  /\bcontract(?:[\s-]+(?:sections?|§)\s*|\s*§\s*|\s+)\d+/gi,
  /\bspec\s+(?:section\s+\d+|\d+\.\d+)/gi,
  /(?:\.\.\/)+shared\/(?:design|reference|spec)\b/g,
  /\/work\/shared\b/g,
  /(?<![\w/.-])(?:checks-and-peers|citation-engines\.md|site-audit-api|peers-2026|standards-2026|performance-notes|contract\.md)\b/g,
  // A Markdown note's name followed by a section number: the outside notes were numbered; the repository's docs are
  // addressed by heading anchors.
  /\b[\w-]+\.md`?,?\s+(?:sections?\s+)?\d+(?:\.\d+)*\b/g,
];
// The project's own issue numbers, in words. `owner/repo#12` and URLs of other projects are public sources, not these.
const ISSUE_WORDS = [/\b(?:issues?|bugs?)\s+#?\d+\b/gi, /\bPRs?\s+#?\d+\b/g];
const ISSUE_HASH = /(?<![\w&/.#-])#\d{1,5}(?![\w-])/g;
const ROOTED_PATH = /(?<![\w./@-])((?:docs|server|shared|extension|tests|bench|scripts|bin)\/[\w./@-]*[\w/])(#[\w-]+)?/g;
const MARKDOWN_LINK = /\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const PLACEHOLDER_AFTER = /^[<{*$]/;
/** `NNNN-name.ts`, `...`, and a one-letter stem such as `tests/path/x.test.ts`: examples of a path, not paths. */
const PLACEHOLDER_PATH = /NNNN|\.\.\.|(?:^|\/)[a-z]\.[\w.]+$/i;
/** Names that start like a repository path but are not one: MCP's JSON-RPC method `server/discover`. */
const NOT_PATHS = new Set(['server/discover']);

function findAll(prose: Prose, patterns: readonly RegExp[], kind: FindingKind): Finding[] {
  return patterns.flatMap((pattern) => [...prose.text.matchAll(pattern)].map((m) => ({ line: lineAt(prose, m.index), kind, text: m[0] })));
}

/** Mentions of outside documents and of issue numbers in words: for comments, Markdown, and code text alike. */
export function outsideMentions(prose: Prose): Finding[] {
  return [...findAll(prose, OUTSIDE, 'outside-document'), ...findAll(prose, ISSUE_WORDS, 'issue-number')];
}

/** A hash and digits as an issue number (comments and Markdown prose only: code has colours and selectors). */
export function issueHashes(prose: Prose): Finding[] {
  return findAll(prose, [ISSUE_HASH], 'issue-number');
}

/**
 * Paths from the repository's root (a doc under docs/, a source file under server/ or shared/, a folder) that name
 * nothing, or a heading anchor the Markdown file lacks. A path cut short by a placeholder (`<name>`, `{id}`, `*`), or
 * with a one-letter file name, is an example, not a path.
 */
export function missingPaths(prose: Prose, repo: RepoView): Finding[] {
  const found: Finding[] = [];
  for (const m of prose.text.matchAll(ROOTED_PATH)) {
    const [whole, target, anchor] = m as unknown as [string, string, string | undefined];
    const rest = prose.text.slice(m.index + target.length);
    const after = rest.slice(/^[\w./@-]*/.exec(rest)![0].length);
    if (PLACEHOLDER_AFTER.test(after) || PLACEHOLDER_PATH.test(target) || NOT_PATHS.has(target)) continue;
    const problem = targetProblem(target, anchor, repo);
    if (problem) found.push({ line: lineAt(prose, m.index), kind: problem, text: whole });
  }
  return found;
}

function targetProblem(target: string, anchor: string | undefined, repo: RepoView): FindingKind | null {
  const candidates = target.endsWith('.js') ? [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')] : [target];
  const file = candidates.find((c) => repo.exists(c));
  if (!file) return 'missing-file';
  if (!anchor || !file.endsWith('.md')) return null;
  return repo.anchors(file)?.has(anchor.slice(1).toLowerCase()) ? null : 'missing-anchor';
}

/** Relative links of a Markdown file (`[text](other.md#part)`, `(#part)`) that lead nowhere. */
export function brokenLinks(prose: Prose, fileRel: string, repo: RepoView): Finding[] {
  const found: Finding[] = [];
  for (const m of prose.text.matchAll(MARKDOWN_LINK)) {
    const target = m[1]!;
    // A scheme is another site; a bare word (`[name](url)` in prose about Markdown) is no path at all.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('<') || !/[./#]/.test(target)) continue;
    const [pathPart, anchor] = splitAnchor(target);
    const rel = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(fileRel), pathPart)) : fileRel;
    const problem = targetProblem(rel, anchor, repo);
    if (problem) found.push({ line: lineAt(prose, m.index), kind: problem, text: m[0] });
  }
  return found;
}

function splitAnchor(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  return hash < 0 ? [target, undefined] : [target.slice(0, hash), target.slice(hash)];
}

/** Joins lines into one text (so a phrase broken across lines is found), remembering each character's line. */
export function proseOf(lines: readonly { text: string; line: number }[]): Prose {
  const starts: number[] = [];
  let offset = 0;
  for (const { text } of lines) {
    starts.push(offset);
    offset += text.length + 1;
  }
  return { text: lines.map((l) => l.text).join(' '), starts, numbers: lines.map((l) => l.line) };
}

/** A comment's text lines without the markers (`//`, `/*`, leading `*`), numbered from `firstLine`. */
function commentLines(raw: string, firstLine: number): { text: string; line: number }[] {
  return raw.split('\n').map((text, i) => ({
    text: text.replace(/^\s*(?:\/\/+|\/\*+|\*+(?!\/))?\s*/, '').replace(/\*+\/\s*$/, ''),
    line: firstLine + i,
  }));
}

/**
 * Every comment of a TypeScript or JavaScript file, each as prose with its lines. Comments sit between tokens; the
 * parse tree tells strings, templates, regular expressions and JSX text (which may contain `//`) from code, so only the
 * stretches between a node's children (punctuation, keywords, trivia) are scanned, and a leaf's leading trivia read.
 */
export function commentsOf(source: string, fileName: string): Prose[] {
  const kind = /\.tsx$/.test(fileName) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const found = new Map<number, number>();
  const scanGap = (start: number, end: number) => {
    if (start >= end) return;
    scanner.resetTokenState(start);
    scanner.setText(source, start, end - start);
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
      if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
        found.set(scanner.getTokenStart(), scanner.getTokenEnd());
    }
  };
  const visit = (node: ts.Node) => {
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => void children.push(child));
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.JsxText || node.kind === ts.SyntaxKind.JsxTextAllWhiteSpaces) return;
      for (const range of ts.getLeadingCommentRanges(source, node.pos) ?? []) found.set(range.pos, range.end);
      return;
    }
    let at = node.pos;
    for (const child of children) {
      scanGap(at, child.pos);
      visit(child);
      at = child.end;
    }
    scanGap(at, node.end);
  };
  visit(sourceFile);
  scanGap(sourceFile.endOfFileToken.pos, source.length);
  return [...found].map(([start, end]) => {
    const first = sourceFile.getLineAndCharacterOfPosition(start).line + 1;
    return proseOf(commentLines(source.slice(start, end), first));
  });
}

/** Findings in one code file: its comments fully; its whole text for outside documents and issues in words. */
export function checkCode(source: string, fileName: string, repo: RepoView, commentsOnly = false): Finding[] {
  // Comments are part of the text: a file whose text has no path and no hash-and-digits anywhere needs no parse.
  const worthParsing = [ROOTED_PATH, ISSUE_HASH].some((p) => new RegExp(p.source).test(source));
  const comments = worthParsing ? commentsOf(source, fileName) : [];
  const inComments = comments.flatMap((c) => [...missingPaths(c, repo), ...issueHashes(c), ...outsideMentions(c)]);
  if (commentsOnly) return inComments;
  const inText = outsideMentions(proseOf(commentLines(source, 1))).filter(
    (f) => !inComments.some((c) => c.line === f.line && c.text === f.text),
  );
  return [...inComments, ...inText];
}

/** The lines of a Markdown file outside fenced code blocks (inline code removed too, when `dropInlineCode`). */
function markdownLines(source: string, dropInlineCode: boolean): { text: string; line: number }[] {
  let fenced = false;
  const kept: { text: string; line: number }[] = [];
  source.split('\n').forEach((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    else if (!fenced) kept.push({ text: dropInlineCode ? text.replace(/`[^`]*`/g, '``') : text, line: i + 1 });
  });
  return kept;
}

/** Findings in one Markdown file (`fileRel` relative to the root, for its relative links). */
export function checkMarkdown(source: string, fileRel: string, repo: RepoView): Finding[] {
  const all = proseOf(source.split('\n').map((text, i) => ({ text, line: i + 1 })));
  const prose = proseOf(markdownLines(source, false));
  const plain = proseOf(markdownLines(source, true));
  // A fixture's README names the files it copied by their paths in the repository they came from.
  const paths = fileRel.startsWith('tests/fixtures/') ? [] : missingPaths(all, repo);
  return [...paths, ...outsideMentions(all), ...issueHashes(plain), ...brokenLinks(prose, fileRel, repo)];
}

/** GitHub's anchors for a Markdown file's headings (duplicates numbered), plus explicit `<a id>` / `<a name>`. */
export function headingAnchors(source: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  for (const { text } of markdownLines(source, false)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!.toLowerCase());
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    const n = counts.get(slug) ?? 0;
    counts.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

function slugOf(heading: string): string {
  const visible = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
  return visible
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const SKIP_DIRS = new Set(['node_modules', 'dist', '.output', '.wxt', 'data', 'coverage', 'test-results', '.tmp', '.git']);
const CODE_DIRS = ['server', 'shared', 'extension', 'tests', 'bench', 'scripts'];
const CODE_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;

/** The code files checked: everything under CODE_DIRS, and the configuration files at the root. */
function codeFiles(root: string): string[] {
  const atRoot = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name))
    .map((entry) => path.join(root, entry.name));
  return [...atRoot, ...CODE_DIRS.flatMap((dir) => walk(path.join(root, dir), (name) => CODE_FILE.test(name)))];
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : walk(path.join(dir, entry.name), keep);
    return keep(entry.name) ? [path.join(dir, entry.name)] : [];
  });
}

/** The repository on disk, with the anchors of its Markdown files read once each. */
export function repoOnDisk(root: string): RepoView {
  const anchorCache = new Map<string, Set<string> | null>();
  const exists = (rel: string) => existsSync(path.join(root, rel));
  return {
    exists,
    anchors(rel) {
      if (!anchorCache.has(rel)) {
        const full = path.join(root, rel);
        anchorCache.set(rel, exists(rel) && statSync(full).isFile() ? headingAnchors(readFileSync(full, 'utf8')) : null);
      }
      return anchorCache.get(rel) ?? null;
    },
  };
}

/**
 * Every finding in the repository, as `file:line: kind: text`. `ownFiles` (this checker and its test, whose strings
 * are sample findings) are checked in their comments only.
 */
export function scanRepository(root: string, ownFiles: readonly string[] = []): string[] {
  const repo = repoOnDisk(root);
  const report = (file: string, findings: Finding[]) =>
    findings.map((f) => `${path.relative(root, file).split(path.sep).join('/')}:${f.line}: ${f.kind}: ${f.text}`);
  const code = codeFiles(root);
  const docs = walk(root, (name) => name.endsWith('.md'));
  return [
    ...code.flatMap((file) => report(file, checkCode(readFileSync(file, 'utf8'), file, repo, ownFiles.includes(path.resolve(file))))),
    ...docs.flatMap((file) =>
      report(file, checkMarkdown(readFileSync(file, 'utf8'), path.relative(root, file).split(path.sep).join('/'), repo)),
    ),
  ];
}
