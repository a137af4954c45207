import { describe, expect, it } from 'vitest';
import markdownPageMirror from '../../../shared/rules/ai-discovery/markdown.page-mirror.js';
import markdownTokenCount from '../../../shared/rules/ai-discovery/markdown.token-count.js';
import markdownNegotiation from '../../../shared/rules/ai-discovery/markdown.negotiation.js';
import markdownAlternateLink from '../../../shared/rules/ai-discovery/markdown.alternate-link.js';
import webmcpPermissionsPolicy from '../../../shared/rules/ai-discovery/webmcp.permissions-policy.js';
import webmcpFormTools from '../../../shared/rules/ai-discovery/webmcp.form-tools.js';
import webmcpInputSchema from '../../../shared/rules/ai-discovery/webmcp.input-schema.js';
import { markdownMirrorUrl } from '../../../shared/facts/markdown-mirror.js';
import { missing, resource, snapshot } from '../../helpers/snapshot.js';
import type { Snapshot } from '../../../shared/types/index.js';
import { outcome, testRule } from '../rule-tester.js';

const URL_ = 'https://example.com/docs/intro';
const HTML = '<!doctype html><html lang="en"><head><title>Intro</title></head><body><p>Words.</p></body></html>';
const md = (url: string, headers: Record<string, string> = {}, body = '# Intro\n\nWords.\n') =>
  resource(url, body, { headers: { 'content-type': 'text/markdown; charset=utf-8', ...headers } });
const notMarkdown = resource(URL_, HTML);
const site = (over: Partial<Snapshot> = {}, html = HTML) => snapshot(html, { requestedUrl: URL_, markdown: notMarkdown, ...over });
const ALTERNATE =
  '<!doctype html><html lang="en"><head><title>Intro</title><link rel="alternate" type="text/markdown" href="/md/intro"></head><body><p>Words.</p></body></html>';

describe('markdownMirrorUrl (llmstxt.org: .md appended, index.html.md without a file name)', () => {
  it.each([
    ['https://example.com/docs/intro', 'https://example.com/docs/intro.md'],
    ['https://example.com/docs/intro?ref=x#top', 'https://example.com/docs/intro.md'],
    ['https://example.com/', 'https://example.com/index.html.md'],
    ['https://example.com/docs/', 'https://example.com/docs/index.html.md'],
    ['https://example.com/page.html', 'https://example.com/page.html.md'],
  ])('%s -> %s', (page, mirror) => expect(markdownMirrorUrl(page)).toBe(mirror));
  it('has none for a URL that is already Markdown', () => expect(markdownMirrorUrl('https://example.com/a.md')).toBeNull());
});

testRule(markdownPageMirror, {
  passes: [{ name: 'the .md mirror answers Markdown', snapshot: site({ markdownMirror: md(`${URL_}.md`) }) }],
  fails: [
    {
      name: 'a Markdown alternate elsewhere, but nothing at URL.md',
      snapshot: site({ markdownMirror: missing(`${URL_}.md`) }, ALTERNATE),
      severity: 'notice',
      detail: [/https:\/\/example.com\/docs\/intro.md \(the page URL with .md appended/, /answers HTTP 404/],
    },
  ],
  notApplicable: [
    { name: 'not asked (Markdown was negotiated)', snapshot: site({ markdown: md(URL_, { vary: 'Accept' }) }) },
    { name: 'no Markdown anywhere: markdown.negotiation reports it', snapshot: site({ markdownMirror: missing(`${URL_}.md`) }) },
    { name: 'an HTML page answering 200 at URL.md is no mirror', snapshot: site({ markdownMirror: resource(`${URL_}.md`, HTML) }) },
  ],
});

describe('a .md mirror earns the Markdown rules partial credit', () => {
  const snap = site({ markdownMirror: md(`${URL_}.md`, { 'content-type': 'text/plain; charset=utf-8' }) });
  it('negotiation: partial, naming the mirror', () => {
    const o = outcome(markdownNegotiation, snap);
    expect(o.score).toBe(0.5);
    expect(o.detail).toMatch(/publishes a Markdown version at https:\/\/example.com\/docs\/intro.md/);
  });
  it('alternate link: partial, asking to link it', () => {
    const o = outcome(markdownAlternateLink, snap);
    expect(o.score).toBe(0.5);
    expect(o.detail).toMatch(/has a Markdown version at .*intro.md but does not advertise it/);
  });
});

testRule(markdownTokenCount, {
  passes: [
    { name: 'negotiated Markdown with x-markdown-tokens', snapshot: site({ markdown: md(URL_, { 'x-markdown-tokens': '725' }) }) },
    { name: 'a mirror with x-markdown-tokens', snapshot: site({ markdownMirror: md(`${URL_}.md`, { 'x-markdown-tokens': '3' }) }) },
  ],
  fails: [
    {
      name: 'negotiated Markdown without the header',
      snapshot: site({ markdown: md(URL_) }),
      severity: 'notice',
      detail: /does not send x-markdown-tokens/,
    },
    {
      name: 'a header that is not a count',
      snapshot: site({ markdown: md(URL_, { 'x-markdown-tokens': 'many' }) }),
      title: 'The Markdown token count is not a number',
    },
  ],
  notApplicable: [{ name: 'no Markdown at all', snapshot: site() }],
});

const policy = (value: string, html = HTML) =>
  snapshot(html, {
    page: resource('https://example.com/', html, { headers: { 'content-type': 'text/html', 'permissions-policy': value } }),
  });
const REGISTERS = `<!doctype html><html><head><title>Shop</title></head><body><form toolname="search" tooldescription="Search products"><input name="q"></form></body></html>`;

testRule(webmcpPermissionsPolicy, {
  passes: [
    { name: 'no policy', snapshot: snapshot(HTML) },
    { name: 'a policy that allows it', snapshot: policy('geolocation=(), tools=(self)') },
  ],
  fails: [
    {
      name: 'tools=() on a page without tools: a deliberate opt-out',
      snapshot: policy('camera=(), tools=()'),
      severity: 'notice',
      detail: /sends tools=\(\), which turns WebMCP off/,
    },
    { name: 'model-context=() (Chrome and Lighthouse name)', snapshot: policy('model-context=()'), detail: /model-context=\(\)/ },
    {
      name: 'tools registered and disabled',
      snapshot: policy('tools=()', REGISTERS),
      title: 'WebMCP tools are registered but the Permissions-Policy disables them',
      detail: /NotAllowedError/,
    },
  ],
  notApplicable: [
    {
      name: 'the page did not answer',
      snapshot: snapshot('', { page: resource('https://example.com/', '', { status: 0, error: { code: 'timeout', message: 't' } }) }),
    },
  ],
});

const forms = (body: string) => snapshot(`<!doctype html><html><head><title>F</title></head><body>${body}</body></html>`);

testRule(webmcpFormTools, {
  passes: [
    {
      name: 'every fillable form declares a tool',
      snapshot: forms('<form toolname="subscribe" tooldescription="Subscribe"><input type="email" name="email"></form>'),
    },
  ],
  fails: [
    {
      name: 'a search form without toolname',
      snapshot: forms('<form id="search" action="/search"><input name="q"><button>Go</button></form>'),
      severity: 'notice',
      detail: [/The page's form \(#search\) carries no toolname/, /toolname and tooldescription/],
    },
    {
      name: 'one of two',
      snapshot: forms(
        '<form toolname="a" tooldescription="A"><input name="x"></form><form action="/contact"><textarea name="msg"></textarea></form>',
      ),
      detail: /1 of 2 forms \(the form posting to \/contact\) carries/,
    },
  ],
  notApplicable: [
    { name: 'no forms', snapshot: forms('<p>x</p>') },
    {
      name: 'only hidden or button inputs',
      snapshot: forms('<form><input type="hidden" name="csrf"><input type="submit" name="go"></form>'),
    },
  ],
});

const script = (js: string) => snapshot(`<!doctype html><html><head><title>T</title></head><body><script>${js}</script></body></html>`);
const register = (schema: string) =>
  script(`document.modelContext.registerTool({name: "add_to_cart", description: "Add a product", inputSchema: ${schema}, execute() {}});`);

testRule(webmcpInputSchema, {
  passes: [
    { name: 'a sound object schema', snapshot: register('{type: "object", properties: {sku: {type: "string"}}, required: ["sku"]}') },
  ],
  fails: [
    {
      name: 'a misspelt type',
      snapshot: register('{type: "object", properties: {sku: {type: "strnig"}}}'),
      severity: 'notice',
      detail: [/"add_to_cart"/, /inputSchema\/properties\/sku\/type/],
    },
    {
      name: 'required is not an array',
      snapshot: register('{type: "object", properties: {sku: {type: "string"}}, required: "sku"}'),
      detail: /inputSchema\/required \(type\)/,
    },
    { name: 'a root that is not an object', snapshot: register('{type: "string"}'), detail: /root type is "string"/ },
    {
      name: 'required names no property while additional properties are refused',
      snapshot: register('{type: "object", properties: {}, required: ["sku"], additionalProperties: false}'),
      detail: /no input can satisfy it/,
    },
  ],
  notApplicable: [
    { name: 'a schema computed at run time cannot be judged statically', snapshot: register('zodToJsonSchema(cartSchema)') },
    { name: 'no tools', snapshot: script('console.log(1)') },
  ],
});

describe('webmcp.input-schema with the live tool list (extension)', () => {
  const probe = (inputSchema: string) =>
    snapshot(HTML, {
      runtimeWebmcp: {
        apiAvailable: true,
        checkedAt: '2026-11-21T00:00:00Z',
        tools: [{ name: 'book', description: 'Book a table', via: 'native', inputSchema }],
      },
    });
  it('judges the schema the page exposed', () => {
    expect(outcome(webmcpInputSchema, probe('{"type":"object","properties":{"when":{"type":"date"}}}')).detail).toMatch(/"book"/);
    expect(outcome(webmcpInputSchema, probe('{"type":"object","properties":{"when":{"type":"string","format":"date"}}}'))).toEqual({
      score: 1,
    });
  });
});
