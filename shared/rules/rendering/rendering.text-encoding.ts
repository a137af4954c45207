import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { judgesBody } from '../../judge/applicability.js';
import { ramp, floor2 } from '../../judge/ramp.js';

/** U+FFFD is what a decoder writes for bytes that are not valid in the declared encoding. */
const REPLACEMENT = /\uFFFD/g;

export default defineRule({
  id: 'rendering.text-encoding',
  category: 'Rendering',
  weight: 3,
  severity: 'warning',
  title: 'Garbled characters: wrong text encoding',
  description: 'Whether the visible text decodes cleanly, without replacement characters from a wrong charset.',
  fix: 'Declare the charset the files are really saved in (Content-Type header or <meta charset>), preferably UTF-8.',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const text = ctx.facts.text;
    const count = text.match(REPLACEMENT)?.length ?? 0;
    if (count === 0 || text.length === 0) return pass();
    const rate = count / text.length;
    const encoding = ctx.snapshot.page.encoding ?? 'an unknown encoding';
    const detail = `${count} characters of the visible text could not be decoded as ${encoding} and show as "\uFFFD"; AI engines quote them garbled. Declare the charset the files are really saved in (Content-Type header or <meta charset>), preferably UTF-8.`;
    // A stray invalid byte or two is a notice; systematic garbling is a warning.
    if (count < 5 && rate < 0.002) return partial(0.9, detail, { severity: 'notice' });
    return partial(floor2(ramp(rate, 0.002, 0.02, 0.1)), detail);
  },
});
