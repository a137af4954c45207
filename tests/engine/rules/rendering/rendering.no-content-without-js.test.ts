import { describe, expect, it } from 'vitest';
import renderingNoContentWithoutJs from '../../../../shared/rules/rendering/rendering.no-content-without-js.js';
import { snapshot, page, words } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { outcome, testRule } from '../../rule-tester.js';

const rendered = (html: string) => ({ html, url: 'https://example.com/', capturedAt: '2026-11-21T00:00:01.000Z' });
const withRendered = (raw: string, renderedHtml: string) => page(raw, { origin: 'extension', rendered: rendered(renderedHtml) });

const SHELLS: Array<[string, string]> = [
  ['an empty #__next', '<div id="__next"></div>'],
  ['an empty #__nuxt', '<div id="__nuxt"><div class="spinner"></div></div>'],
  ['an empty #___gatsby', '<div id="___gatsby"></div>'],
  ['an empty #app with a loading text', '<div id="app">Loading…</div>'],
  ['an Angular <app-root>', '<app-root></app-root>'],
  ['a module script', '<script type="module" src="/main.js"></script><p>Hello</p>'],
];

testRule(renderingNoContentWithoutJs, {
  passes: [
    {
      name: 'a short page with no sign of JavaScript rendering (thin content is another rule)',
      snapshot: page(`<p>${words(20)}</p><script src="/analytics.js"></script>`),
    },
    // Astro and Vite ship one module script with fully rendered HTML.
    {
      name: 'one module script beside rendered HTML',
      snapshot: page(`<h1>Launch</h1><p>${words(30)}</p><script type="module" src="/island.js"></script>`),
    },
    { name: '50 words beside an empty root (the spa-shell rule judges that)', snapshot: page(`<p>${words(50)}</p><div id="root"></div>`) },
    {
      name: 'the rendered page is just as empty (nothing was hidden by JavaScript)',
      snapshot: withRendered('<div id="root"></div>', '<html><body><div id="root"><p>Coming soon</p></div></body></html>'),
    },
  ],
  fails: [
    {
      name: 'a create-react-app shell is critical and names what it found',
      snapshot: snapshot(SPA_SHELL),
      severity: 'critical',
      detail: ['0 words', '<div id="root">', '<noscript>'],
      check: () => expect(renderingNoContentWithoutJs.severity).toBe('critical'),
    },
    ...SHELLS.map(([name, body]) => ({ name: `${name} with under 50 words`, snapshot: page(body) })),
    {
      name: 'next to no words and any script (Ember, Flutter, Elm have no root id)',
      snapshot: page('<script src="/flutter_bootstrap.js" async></script>'),
      detail: '1 external script',
    },
    {
      name: 'few words and three external scripts',
      snapshot: page(`<p>${words(30)}</p><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script>`),
    },
    {
      name: 'few words and a heavy inline script',
      snapshot: page(`<p>${words(30)}</p><script>${'x=1;'.repeat(1500)}</script>`),
      detail: 'KB of inline script',
    },
    { name: '49 words beside an empty root', snapshot: page(`<p>${words(49)}</p><div id="root"></div>`) },
    {
      name: 'the rendered DOM proves the content comes from JavaScript',
      snapshot: withRendered('<div id="root"></div>', `<html><body><div id="root"><p>${words(400)}</p></div></body></html>`),
      detail: '400 words after JavaScript',
    },
    { name: 'an empty rendered capture falls back to the static markers', snapshot: withRendered('<div id="root"></div>', '') },
    {
      name: 'the raw HTML has under 10 % of a long rendered page',
      snapshot: withRendered(
        `<nav>${words(80)}</nav><div id="root"></div>`,
        `<html><body><nav>${words(80)}</nav><div id="root"><p>${words(1200)}</p></div></body></html>`,
      ),
    },
  ],
  notApplicable: [
    { name: 'a binary response', snapshot: () => page('', { page: { ...snapshot('').page, binary: true, body: '' } }) },
    { name: 'a failed response', snapshot: () => page('', { page: { ...snapshot('').page, status: 503 } }) },
  ],
});

describe('rendering.no-content-without-js on an empty page', () => {
  it('on a page empty before and after JavaScript, says the page has no text instead of asking for server rendering', () => {
    const empty = snapshot(
      '<!doctype html><html><head><title></title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
      {
        rendered: rendered('<html><head></head><body><div id="root"></div></body></html>'),
      },
    );
    const o = outcome(renderingNoContentWithoutJs, empty);
    expect(o.score).toBe(0);
    expect(o.title).toBe('The page has no text');
    expect(o.detail).not.toMatch(/after JavaScript runs, so|Render the main content on the server/);
    expect(o.detail).not.toMatch(/0 words/);
  });
});

// A client without JavaScript renders <noscript>: an article kept there is content, whatever else the page says.
const NOSCRIPT_ARTICLE = `<article><h1>Winter opening hours</h1><p>Posted by Jane Doe on <time datetime="2026-11-02">2 November 2026</time></p><p>${words(240)}</p></article>`;

testRule(renderingNoContentWithoutJs, {
  passes: [
    {
      name: 'the article, author and date inside <noscript>, beside a "JavaScript required" line',
      snapshot: page(`<div id="root"></div><noscript>This site requires JavaScript.</noscript><noscript>${NOSCRIPT_ARTICLE}</noscript>`),
    },
    {
      name: 'the request to enable JavaScript and the article in one <noscript>',
      snapshot: page(`<div id="app"></div><noscript><p>Please enable JavaScript for the full site.</p>${NOSCRIPT_ARTICLE}</noscript>`),
    },
  ],
  fails: [
    {
      name: 'a <noscript> that only asks for JavaScript is still an empty page',
      snapshot: page(
        '<div id="root"></div><noscript>You need to enable JavaScript to run this app. It will not work without JavaScript.</noscript>',
      ),
    },
  ],
});

// An AngularJS page whose text is its own unrendered template: 75 words, nearly all of them {{ ... }}.
const TEMPLATE_PAGE = `<div ng-app="site"><p>{{ctrl.content.status === "published" ? "Contenu publié" : "Brouillon"}}</p><p>{{ctrl.content.lastUpdateUser.fullName}} - {{ctrl.content.lastUpdateTime * 1000 | date : 'dd/MM/yyyy'}}</p><p>{{ctrl.page.title}}</p><p>{{ctrl.page.summary}} {{ctrl.page.body}} {{ctrl.page.author.name}} {{ctrl.page.section.title}} {{ctrl.page.tags.join(', ')}} {{ctrl.page.related.items.length}}</p></div><script src="/angular.js"></script><script src="/app.js"></script><script src="/rubedo.js"></script>`;

testRule(renderingNoContentWithoutJs, {
  fails: [
    {
      name: 'a client-side template whose words are its own {{ placeholders }}',
      snapshot: page(TEMPLATE_PAGE),
      detail: 'unrendered template placeholders',
    },
  ],
  passes: [
    {
      name: 'a page about templates that quotes a few placeholders among its words',
      snapshot: page(
        `<p>In Vue you write {{ message }} and {{ count }} and {{ user.name }} in the template.</p><p>${words(80)}</p><script src="/a.js"></script><script src="/b.js"></script><script src="/c.js"></script>`,
      ),
    },
  ],
});
