import type { Rule } from '../../judge/rule.js';
import { notHtmlRule } from './not-html.js';
import { noContentWithoutJsRule } from './no-content-without-js.js';
import { jsOnlyContentRule } from './js-only-content.js';
import { spaShellRule } from './spa-shell.js';
import { noscriptJsRequiredRule } from './noscript-js-required.js';
import { thinContentRule } from './thin-content.js';
import { textRatioRule } from './text-ratio.js';
import { pageWeightRule } from './page-weight.js';
import { responseTimeRule } from './response-time.js';
import { textEncodingRule } from './text-encoding.js';

/**
 * Rendering: is the content in the server's HTML without JavaScript? The two critical rules are
 * gates: on a binary page or a JavaScript shell every other rule here is not applicable, so the
 * category scores 0 and the one critical issue says why.
 */
export const renderingRules: readonly Rule[] = [
  notHtmlRule,
  noContentWithoutJsRule,
  jsOnlyContentRule,
  spaShellRule,
  noscriptJsRequiredRule,
  thinContentRule,
  textRatioRule,
  pageWeightRule,
  responseTimeRule,
  textEncodingRule,
];
