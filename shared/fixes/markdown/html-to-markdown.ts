/**
 * A page's main content as Markdown, for its `.md` twin: headings, paragraphs, lists, links, emphasis, code,
 * quotes, images and simple tables, read with cheerio from the page's `<main>` (else its `<article>`, else its
 * body) without navigation, banners, footers, forms or scripts. Deep nesting is read as plain text past
 * MAX_DEPTH, so a hostile page cannot exhaust the stack.
 */
import { load } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { clipSentences } from '../digest/text.js';

const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'iframe',
  'svg',
  'button',
  'select',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'address',
  'details',
  'summary',
]);
const MAX_DEPTH = 200;
export const MARKDOWN_MAX_HTML_CHARS = 2 * 1024 * 1024;

export function htmlToMarkdown(html: string, pageUrl: string, title: string | null): string | null {
  if (html.length > MARKDOWN_MAX_HTML_CHARS) return null;
  const $ = load(html);
  const root = ($('main').get(0) ?? $('article').get(0) ?? $('body').get(0)) as Element | undefined;
  if (!root) return null;
  const out = new Writer(pageUrl);
  out.children(root, 0);
  let text = out.finish();
  if (!text) return null;
  if (title && !/^# /m.test(text)) text = `# ${title}\n\n${text}`;
  return `${text}\n`;
}

class Writer {
  private blocks: string[] = [];
  private line = '';

  constructor(private readonly base: string) {}

  children(el: Element, depth: number): void {
    for (const child of el.children) this.node(child, depth + 1);
  }

  private node(node: AnyNode, depth: number): void {
    if (node.type === 'text') return void (this.line += node.data.replace(/\s+/g, ' '));
    if (node.type !== 'tag') return;
    const name = node.name.toLowerCase();
    if (SKIP.has(name) || node.attribs.hidden !== undefined || node.attribs['aria-hidden'] === 'true') return;
    if (depth > MAX_DEPTH) return void (this.line += ` ${textOf(node)} `);
    const heading = /^h([1-6])$/.exec(name);
    if (heading) return this.block(`${'#'.repeat(Number(heading[1]))} ${inline(textOf(node))}`);
    if (name === 'ul' || name === 'ol') return this.list(node, name === 'ol', depth);
    if (name === 'pre') return this.block(`\`\`\`\n${textOf(node).replace(/\n$/, '')}\n\`\`\``, true);
    if (name === 'blockquote') return this.block(inline(textOf(node)).replace(/^/gm, '> '));
    if (name === 'table') return this.table(node);
    if (name === 'br') return void (this.line += '\n');
    if (name === 'img') return this.image(node);
    if (name === 'a') return this.link(node, depth);
    const mark = name === 'strong' || name === 'b' ? '**' : name === 'em' || name === 'i' ? '*' : name === 'code' ? '`' : null;
    if (mark) return void (this.line += `${mark}${inline(textOf(node))}${mark}`);
    if (BLOCKS.has(name)) {
      this.flush();
      this.children(node, depth);
      return this.flush();
    }
    this.children(node, depth);
  }

  private link(node: Element, depth: number): void {
    const href = resolve(node.attribs.href, this.base);
    const label = inline(textOf(node));
    if (!href || !label) return this.children(node, depth);
    this.line += `[${label.replace(/[[\]]/g, '')}](${href})`;
  }

  private image(node: Element): void {
    const src = resolve(node.attribs.src, this.base);
    if (src) this.line += `![${inline(node.attribs.alt ?? '').replace(/[[\]]/g, '')}](${src})`;
  }

  private list(node: Element, ordered: boolean, depth: number): void {
    this.flush();
    let n = 0;
    for (const item of node.children) {
      if (item.type !== 'tag' || item.name.toLowerCase() !== 'li') continue;
      const inner = new Writer(this.base);
      inner.children(item, depth);
      const text = inner.finish().replace(/\n+/g, ' ').trim();
      if (text) this.blocks.push(`${ordered ? `${++n}.` : '-'} ${text}`);
    }
    this.blocks.push('');
  }

  private table(node: Element): void {
    const rows: string[][] = [];
    const collect = (el: Element) => {
      for (const c of el.children) {
        if (c.type !== 'tag') continue;
        if (c.name === 'tr')
          rows.push(
            c.children
              .filter((d): d is Element => d.type === 'tag' && /^t[hd]$/.test(d.name))
              .map((d) => inline(textOf(d)).replace(/\|/g, '\\|')),
          );
        else if (/^(thead|tbody|tfoot)$/.test(c.name)) collect(c);
      }
    };
    collect(node);
    if (!rows.length) return;
    const width = Math.max(...rows.map((r) => r.length));
    const pad = (r: string[]) => `| ${[...r, ...Array(width - r.length).fill('')].join(' | ')} |`;
    this.block([pad(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(pad)].join('\n'), true);
  }

  private block(text: string, verbatim = false): void {
    this.flush();
    if (text.trim()) this.blocks.push(verbatim ? text : text.trim(), '');
  }

  private flush(): void {
    const text = this.line
      .replace(/[ \t]+\n/g, '\n')
      .replace(/ {2,}/g, ' ')
      .trim();
    if (text) this.blocks.push(text, '');
    this.line = '';
  }

  finish(): string {
    this.flush();
    return this.blocks
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}

/** The text of an element, without the elements the Markdown leaves out; iterative, so depth costs no stack. */
function textOf(el: Element): string {
  let out = '';
  const stack: AnyNode[] = [...el.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'text') out += node.data;
    else if (node.type === 'tag' && !SKIP.has(node.name.toLowerCase())) {
      if (node.name.toLowerCase() === 'br') out += '\n';
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    }
  }
  return out;
}

function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function resolve(href: string | undefined, base: string): string | null {
  if (!href || /^(javascript|data|mailto|tel):/i.test(href.trim())) return null;
  try {
    const url = new URL(href, base);
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The first real paragraph of the Markdown (at least 80 characters, not a heading, list, table, quote or image), as plain text. */
export function leadParagraph(markdown: string | null, max = 300): string | null {
  for (const block of (markdown ?? '').split(/\n{2,}/)) {
    const text = block.trim();
    if (!text || /^(#|[-*+] |\d+\. |\||>|!\[|```)/.test(text)) continue;
    const plain = text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*`]/g, '')
      .replace(/\s+/g, ' ');
    if (plain.length >= 80) return clipSentences(plain, max);
  }
  return null;
}
