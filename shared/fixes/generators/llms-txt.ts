/**
 * llms.txt (llmstxt.org) and llms-full.txt from the site's own pages: an H1 with the site's name, a one-line
 * summary, then one H2 section per URL pattern listing each page as `- [title](url): description`. A crawl
 * lists its audited pages; an audit lists the page and the pages it links to that answered. llms.txt stays
 * under LLMS_TXT_MAX_CHARS (the stricter size peers advise so agents read it whole) and links llms-full.txt,
 * which lists every page.
 */
import { templateOf } from '../../crawl/template.js';
import { placeholder } from '../types.js';
import { specificTitle } from '../digest/text.js';
import type { CrawlPageEntry, FixInputs, LinkedPage } from '../inputs.js';
import type { FixBody, GenerateContext } from './context.js';

export const LLMS_TXT_MAX_CHARS = 50_000;
const NOTES_CHARS = 200;

interface Section {
  name: string;
  pages: LinkedPage[];
}

export function llmsTxtFile(ctx: GenerateContext): FixBody {
  const { sections, origin } = sectionsOf(ctx);
  const header = headerOf(ctx, origin);
  const full = `${origin}/llms-full.txt`;
  const optional = ['## Optional', '', `- [Every page](${full}): the full list of pages with their descriptions`, ''];
  const { body, listed, total } = fitSections(sections, LLMS_TXT_MAX_CHARS - header.length - optional.join('\n').length);
  return {
    title: 'llms.txt',
    media_type: 'text/markdown; charset=utf-8',
    content: [header, body, ...optional].join('\n'),
    explanation:
      `A map of the site for AI agents, in the llms.txt format: the site's name and summary, then ${listed} of ${total} pages by section, each with its own description. ` +
      `Publish it at /llms.txt (text/markdown or text/plain), with llms-full.txt beside it.` +
      (listed < total
        ? ` The other pages are in llms-full.txt, to keep this file under ${LLMS_TXT_MAX_CHARS.toLocaleString('en')} characters.`
        : ''),
    preview: null,
  };
}

export function llmsFullTxtFile(ctx: GenerateContext): FixBody {
  const { sections, origin } = sectionsOf(ctx);
  const { body, total } = fitSections(sections, Number.POSITIVE_INFINITY);
  return {
    title: 'llms-full.txt',
    media_type: 'text/markdown; charset=utf-8',
    content: [headerOf(ctx, origin), body].join('\n'),
    explanation: `Every page Citable read on the site (${total}), in the llms.txt format, for an agent that wants the whole list in one request. Publish it at /llms-full.txt.`,
    preview: null,
  };
}

function sectionsOf(ctx: GenerateContext): { sections: Section[]; origin: string } {
  const origin = new URL(ctx.inputs.pageUrl).origin;
  const pages: CrawlPageEntry[] = ctx.crawlPages ?? auditPages(ctx.inputs);
  const byTemplate = new Map<string, LinkedPage[]>();
  for (const p of pages) byTemplate.set(p.template, [...(byTemplate.get(p.template) ?? []), p]);
  const sections = [...byTemplate].map(([template, list]) => ({ name: sectionName(template), pages: list, template }));
  sections.sort((a, b) =>
    a.template === '/' ? -1 : b.template === '/' ? 1 : b.pages.length - a.pages.length || a.name.localeCompare(b.name),
  );
  return { sections, origin };
}

/** The audited page first, then the pages it links to that answered. */
function auditPages(inputs: FixInputs): CrawlPageEntry[] {
  const page = inputs.page;
  const self: LinkedPage = {
    url: inputs.pageUrl,
    title: page ? (specificTitle(page.title) ?? page.h1 ?? page.title) : null,
    description: page?.summary ?? null,
  };
  const seen = new Set<string>();
  return [self, ...inputs.linked].filter((p) => !seen.has(p.url) && seen.add(p.url)).map((p) => ({ ...p, template: templateOf(p.url) }));
}

function sectionName(template: string): string {
  if (template === '/') return 'Home';
  if (template === '/*') return 'Pages';
  const segment = /^\/(.+)\/\*$/.exec(template)?.[1];
  if (!segment) return 'More pages';
  const words = segment
    .replace(/[-_]+/g, ' ')
    .replace(/[[\]#]/g, '')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'More pages';
}

/** The site's name and the home page's own description (a placeholder when the home page was not read). */
function headerOf(ctx: GenerateContext, origin: string): string {
  const { inputs } = ctx;
  const homeUrl = `${origin}/`;
  const home =
    inputs.pageUrl === homeUrl && inputs.page
      ? { title: inputs.page.title, description: inputs.page.summary }
      : [...(ctx.crawlPages ?? []), ...inputs.linked].find((p) => p.url === homeUrl);
  const name = inputs.page?.identity.name ?? home?.title ?? new URL(origin).host;
  const summary = home?.description ?? placeholder('one sentence on what the site offers');
  return [`# ${oneLine(name)}`, '', `> ${oneLine(summary)}`, ''].join('\n');
}

/** Whole sections while they fit, then as many pages of the next as fit. */
function fitSections(sections: Section[], budget: number): { body: string; listed: number; total: number } {
  const out: string[] = [];
  let used = 0;
  let listed = 0;
  const total = sections.reduce((n, s) => n + s.pages.length, 0);
  for (const section of sections) {
    const heading = `## ${section.name}\n`;
    const items: string[] = [];
    let size = heading.length + 1;
    for (const page of section.pages) {
      const line = listItem(page);
      if (used + size + line.length + 1 > budget) break;
      items.push(line);
      size += line.length + 1;
    }
    if (!items.length) break;
    out.push(heading, ...items, '');
    used += size;
    listed += items.length;
    if (items.length < section.pages.length) break;
  }
  return { body: out.join('\n'), listed, total };
}

/** `- [name](url): notes`, with what the grammar cannot hold taken out: brackets in names, parentheses in URLs. */
export function listItem(page: LinkedPage): string {
  const name = oneLine(page.title ?? new URL(page.url).pathname)
    .replace(/\[/g, '(')
    .replace(/\]/g, ')');
  const url = page.url.replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\s/g, '%20');
  const notes = page.description ? oneLine(page.description) : null;
  return `- [${name}](${url})${notes ? `: ${notes.length > NOTES_CHARS ? `${notes.slice(0, NOTES_CHARS - 1)}…` : notes}` : ''}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
