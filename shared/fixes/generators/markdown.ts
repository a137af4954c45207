/**
 * Markdown for agents: the page's `.md` twin (llmstxt.org: the page URL with `.md` appended, `index.html.md`
 * for a path ending in `/`), the `<link rel="alternate" type="text/markdown">` that points at it, and
 * configuration examples that serve it to clients sending `Accept: text/markdown`, with `Vary: Accept`
 * (markdown/configs.ts).
 */
import { markdownMirrorUrl } from '../../facts/markdown-mirror.js';
import { headEditOf, headPreview } from '../head/head-edit.js';
import { escapeAttr, needsAscii } from '../head/markup.js';
import { CLOUDFLARE_WORKER, NEXTJS_MIDDLEWARE, NGINX_CONFIG } from '../markdown/configs.js';
import type { FixBody, GenerateContext } from './context.js';

export function markdownMirror(ctx: GenerateContext): FixBody | null {
  const markdown = ctx.inputs.markdown;
  if (!markdown) return null;
  return {
    title: 'Markdown version of the page',
    media_type: 'text/markdown; charset=utf-8',
    content: markdown,
    explanation:
      `The main content of ${ctx.inputs.pageUrl} as Markdown, converted from the page. Publish it at ${ctx.planned.path} ` +
      '(text/markdown), where agents that know the llms.txt convention look for it, and keep it in step with the page. ' +
      'The configuration examples serve it to agents that ask for Markdown.',
    preview: null,
  };
}

export function markdownLink(ctx: GenerateContext): FixBody | null {
  const page = ctx.inputs.page;
  const mirror = markdownMirrorUrl(ctx.inputs.pageUrl);
  if (!page || !mirror) return null;
  const content = `<link rel="alternate" type="text/markdown" href="${escapeAttr(mirror, needsAscii(page.encoding))}">`;
  return {
    title: 'Markdown alternate link',
    media_type: 'text/html; charset=utf-8',
    content,
    explanation: `Add this to the <head> of ${page.url} once its Markdown version is published at ${mirror}, so agents that do not ask for Markdown find it.`,
    preview: headPreview(page.headHtml, headEditOf(content)),
  };
}

const CONFIGS = {
  'markdown-nginx': {
    title: 'Markdown for agents: nginx',
    media_type: 'text/plain; charset=utf-8',
    content: NGINX_CONFIG,
    how: 'For a site nginx serves from files: a request that accepts text/markdown gets the .md file beside the page, and every answer carries Vary: Accept. nginx cannot count tokens, so x-markdown-tokens is left out.',
  },
  'markdown-cloudflare-worker': {
    title: 'Markdown for agents: Cloudflare Worker',
    media_type: 'text/javascript; charset=utf-8',
    content: CLOUDFLARE_WORKER,
    how: 'A Worker in front of the site: a request that accepts text/markdown gets the .md twin from the origin, with Vary: Accept and x-markdown-tokens (an estimate of four characters per token).',
  },
  'markdown-nextjs-middleware': {
    title: 'Markdown for agents: Next.js middleware',
    media_type: 'text/typescript; charset=utf-8',
    content: NEXTJS_MIDDLEWARE,
    how: 'middleware.ts at the root of a Next.js app, with the .md files in public/: a request that accepts text/markdown gets the twin, with Vary: Accept and x-markdown-tokens.',
  },
} as const;

export function markdownConfig(ctx: GenerateContext): FixBody {
  const config = CONFIGS[ctx.planned.entry.name as keyof typeof CONFIGS];
  return {
    title: config.title,
    media_type: config.media_type,
    content: config.content,
    explanation: `${config.how} It needs each page's Markdown version published beside it (page URL + .md; index.html.md for a path ending in /).`,
    preview: null,
  };
}
