import renderingSpaShell from '../../../../shared/rules/rendering/rendering.spa-shell.js';
import { snapshot, page, words } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';
import { ownSeverity } from './fixtures.js';

testRule(renderingSpaShell, {
  passes: [
    { name: 'server-rendered content inside the SPA root', snapshot: page(`<div id="__next"><p>${words(300)}</p></div>`) },
    {
      name: 'the rendered DOM shows the mount point stays empty',
      snapshot: page(`<p>${words(100)}</p><div id="app"></div>`, {
        origin: 'extension',
        rendered: {
          html: `<html><body><p>${words(100)}</p><div id="app"></div></body></html>`,
          url: 'https://example.com/',
          capturedAt: '2026-11-21T00:00:01.000Z',
        },
      }),
    },
  ],
  partial: [
    {
      name: 'an empty root next to a little server text: a warning',
      snapshot: page(`<header><p>${words(80)}</p></header><div id="root"></div>`),
      score: 0.4,
      detail: '<div id="root">',
      check: ownSeverity,
    },
    {
      name: 'an empty root on a page with plenty of server text: a notice',
      snapshot: page(`<p>${words(400)}</p><div id="app"></div>`),
      score: 0.8,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a pure shell (the critical rule carries it)', snapshot: snapshot(SPA_SHELL) }],
});
