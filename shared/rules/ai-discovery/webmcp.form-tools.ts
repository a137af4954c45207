import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { judgesDocument } from '../../judge/applicability.js';
import { formLabel, formToolCandidates } from '../../facts/form-tool-candidates.js';
import { listPhrase, oneOrMany, plural } from '../../judge/wording.js';

/**
 * Forms that could declare a WebMCP tool but do not (Lighthouse's webmcp-form-coverage, informational there too):
 * `toolname` and `tooldescription` on a form let browser agents call it as a tool with a schema synthesised from its
 * controls, instead of guessing at the page.
 */
export default defineRule({
  id: 'webmcp.form-tools',
  category: 'AI Discovery',
  weight: 0,
  severity: 'notice',
  title: 'Forms could be WebMCP tools but are not declared',
  description: 'Whether forms that could be WebMCP tools declare a toolname and tooldescription.',
  fix: 'Add toolname and tooldescription to the forms browser agents should be able to call.',
  check(ctx) {
    if (!judgesDocument(ctx)) return notApplicable();
    const { fillable, undeclared } = formToolCandidates(ctx);
    if (!fillable.length) return notApplicable();
    if (!undeclared.length) return pass();
    return fail(
      `${undeclared.length === fillable.length ? (fillable.length === 1 ? "The page's form" : `The page's ${plural(fillable.length, 'form')}`) : `${undeclared.length} of ${plural(fillable.length, 'form')}`} ` +
        `(${listPhrase(undeclared.map(formLabel))}) ${oneOrMany(undeclared.length, 'carries', 'carry')} no toolname. ` +
        "Adding toolname and tooldescription (WebMCP's declarative API) lets browser agents call a form as a tool instead of guessing at the page. Optional: WebMCP is a draft.",
    );
  },
});
