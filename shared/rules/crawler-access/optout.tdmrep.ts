import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { tdmDeclaration } from '../../facts/tdmrep.js';

/** TDMRep reserves text-and-data-mining rights (EU DSM article 4): a training opt-out, informational. */
export default defineRule({
  id: 'optout.tdmrep',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'Text and data mining rights are reserved (TDMRep)',
  description:
    'Whether TDMRep (/.well-known/tdmrep.json, the tdm-reservation header or meta tag) reserves text and data mining rights for the page.',
  fix: 'Nothing to fix if intended; otherwise set tdm-reservation to 0 for the page.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const declared = tdmDeclaration(ctx);
    if (!declared) return notApplicable();
    if (!declared.reserved) return pass();
    const policy = declared.policy ? `, with a licensing policy at ${declared.policy}` : '';
    return fail(
      `${declared.source} reserves text and data mining rights for this page (tdm-reservation: 1${policy}). ` +
        'TDMRep-aware crawlers will not mine it for AI training; AI search and citations are unaffected.',
    );
  },
});
