import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { robotsReading, auditedRobotsPath } from '../../crawlers/robots-context.js';
import { contentSignalsForPath } from '../../robots/content-signal.js';
import { listNames, oneOrMany } from '../../judge/wording.js';

/** Content-Signal ai-train=no: a training opt-out, informational. */
export default defineRule({
  id: 'optout.content-signal-train',
  category: 'Crawler Access',
  weight: 0,
  severity: 'notice',
  title: 'Content-Signal opts out of AI training',
  description: 'Whether a Content-Signal line in robots.txt says ai-train=no for the page.',
  fix: 'Nothing to fix if intended; otherwise remove ai-train=no.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind !== 'parsed') return notApplicable();
    const signals = contentSignalsForPath(reading.robots, auditedRobotsPath(ctx)).filter((s) => 'ai-train' in s.values);
    if (!signals.length) return notApplicable();
    const hits = signals.filter((s) => s.values['ai-train'] === 'no');
    if (!hits.length) return pass();
    return fail(
      `robots.txt ${oneOrMany(hits.length, 'line', 'lines')} ${listNames(hits.map((s) => String(s.line)))} ${oneOrMany(hits.length, 'declares', 'declare')} Content-Signal ai-train=no, asking not to use the content for AI training. ` +
        'AI search and citations are unaffected; nothing to fix if intended.',
    );
  },
});
