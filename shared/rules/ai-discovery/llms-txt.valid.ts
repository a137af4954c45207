import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { readLlmsTxt } from '../../llms-txt/read.js';
import { formatProblem } from '../../llms-txt/types.js';

/** The llmstxt.org grammar: tools that parse the file (llms_txt2ctx, IDE agents) lose whatever breaks it. */
export default defineRule({
  id: 'llms-txt.valid',
  category: 'AI Discovery',
  weight: 4,
  severity: 'warning',
  title: 'llms.txt does not follow the llmstxt.org format',
  description: 'Whether /llms.txt follows the llmstxt.org format: an H1 first, an optional blockquote, then H2 sections of links.',
  fix: 'Fix the problems the issue names so parsers read the title, summary and every link.',
  check(ctx) {
    const reading = readLlmsTxt(ctx);
    if (reading.file.kind !== 'text' || !reading.validation) return notApplicable();
    if (!reading.problems.length) return pass();
    const shown = reading.problems.slice(0, 3).map(formatProblem).join('; ');
    const more = reading.problems.length > 3 ? ` (and ${reading.problems.length - 3} more)` : '';
    if (reading.valid) {
      return partial(0.8, `llms.txt is valid but could be better: ${shown}${more}.`, {
        severity: 'notice',
        title: 'llms.txt could be improved',
      });
    }
    return partial(
      reading.validation.linkCount > 0 ? 0.4 : 0,
      `llms.txt breaks the llmstxt.org format: ${shown}${more}. Fix it so tools that parse the file read its title, summary and every link.`,
    );
  },
});
