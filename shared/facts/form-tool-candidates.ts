import type { JudgeContext } from '../judge/context.js';
import type { FormFact } from './fact-types.js';

/** Input types a person fills in; hidden and button-like ones say nothing about what a tool would take. */
const NOT_FILLED = new Set(['hidden', 'submit', 'button', 'image', 'reset']);

export interface FormToolCandidates {
  /** Forms a person fills in (at least one named control). */
  fillable: FormFact[];
  /** Those without WebMCP's declarative `toolname`. */
  undeclared: FormFact[];
}

/**
 * Forms that could be WebMCP tools (the declarative API: `<form toolname tooldescription>`), as Lighthouse's
 * webmcp-form-coverage audit lists them: forms with a named control someone fills in.
 */
export function formToolCandidates(ctx: JudgeContext): FormToolCandidates {
  return ctx.memo('facts.formToolCandidates', () => {
    const fillable = ctx.facts.forms.filter((form) =>
      form.controls.some(
        (c) => (c.attrs.name ?? '').trim() !== '' && (c.tag !== 'input' || !NOT_FILLED.has((c.attrs.type ?? 'text').trim().toLowerCase())),
      ),
    );
    return { fillable, undeclared: fillable.filter((f) => !(f.attrs.toolname ?? '').trim()) };
  });
}

/** How a form is named in a sentence: its id, name, or action. */
export function formLabel(form: FormFact): string {
  if (form.attrs.id) return `#${form.attrs.id.slice(0, 40)}`;
  if (form.attrs.name) return `"${form.attrs.name.slice(0, 40)}"`;
  if (form.attrs.action) return `the form posting to ${form.attrs.action.slice(0, 60)}`;
  return 'an unnamed form';
}
