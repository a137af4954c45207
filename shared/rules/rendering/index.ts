import type { Rule } from '../../judge/rule.js';
import renderingNotHtml from './rendering.not-html.js';
import renderingNoContentWithoutJs from './rendering.no-content-without-js.js';
import renderingJsOnlyContent from './rendering.js-only-content.js';
import renderingJsonLdOnlyAfterJs from './rendering.json-ld-only-after-js.js';
import renderingSpaShell from './rendering.spa-shell.js';
import renderingNoscriptJsRequired from './rendering.noscript-js-required.js';
import renderingThinContent from './rendering.thin-content.js';
import renderingTextRatio from './rendering.text-ratio.js';
import renderingPageWeight from './rendering.page-weight.js';
import renderingResponseTime from './rendering.response-time.js';
import renderingTextEncoding from './rendering.text-encoding.js';

/**
 * Rendering: is the content in the server's HTML without JavaScript? The two critical rules are
 * gates: on a binary page or a JavaScript shell every other rule here is not applicable, so the
 * category scores 0 and the one critical issue says why.
 */
export const renderingRules: readonly Rule[] = [
  renderingNotHtml,
  renderingNoContentWithoutJs,
  renderingJsOnlyContent,
  renderingJsonLdOnlyAfterJs,
  renderingSpaShell,
  renderingNoscriptJsRequired,
  renderingThinContent,
  renderingTextRatio,
  renderingPageWeight,
  renderingResponseTime,
  renderingTextEncoding,
];
