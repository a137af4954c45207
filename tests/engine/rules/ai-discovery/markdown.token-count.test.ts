import markdownTokenCount from '../../../../shared/rules/ai-discovery/markdown.token-count.js';
import { testRule } from '../../rule-tester.js';
import { URL_, md, site } from './agent-web.js';

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
