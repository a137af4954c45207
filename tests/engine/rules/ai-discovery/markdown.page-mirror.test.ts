import markdownPageMirror from '../../../../shared/rules/ai-discovery/markdown.page-mirror.js';
import { missing, resource } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { ALTERNATE, HTML, URL_, md, site } from './agent-web.js';

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
