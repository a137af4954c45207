import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import { robotsReading, auditedRobotsPath } from '../../crawlers/robots-context.js';
import { contentSignalsForPath } from '../../robots/content-signal.js';
import { listNames, oneOrMany } from '../../judge/wording.js';

/** Signals that keep the page out of search results or AI answers (Cloudflare Content Signals). */
const LIMITING = ['search', 'ai-input'] as const;
const MEANING: Record<(typeof LIMITING)[number], string> = {
  search: 'not to list the page in search results',
  'ai-input': 'not to use the page as input for AI answers',
};

export default defineRule({
  id: 'optout.content-signal-search',
  category: 'Crawler Access',
  weight: 6,
  severity: 'warning',
  title: 'Content-Signal asks engines not to use the page in search or AI answers',
  description: 'Whether a Content-Signal line in robots.txt says search=no or ai-input=no for the page.',
  fix: 'Remove search=no and ai-input=no from Content-Signal unless the page should stay out of search and AI answers.',
  check(ctx) {
    const reading = robotsReading(ctx);
    if (reading.kind !== 'parsed') return notApplicable();
    const signals = contentSignalsForPath(reading.robots, auditedRobotsPath(ctx));
    if (!signals.length) return notApplicable();
    const hits = signals.filter((s) => LIMITING.some((k) => s.values[k] === 'no'));
    if (!hits.length) return pass();
    const denied = LIMITING.filter((k) => hits.some((s) => s.values[k] === 'no'));
    const lines = hits.map((s) => s.line);
    return partial(
      0.3,
      `robots.txt ${oneOrMany(lines.length, 'line', 'lines')} ${listNames(lines.map(String))} ${oneOrMany(lines.length, 'declares', 'declare')} Content-Signal ${listNames(denied.map((k) => `${k}=no`))}, asking engines ${listNames(denied.map((k) => MEANING[k]))}. ` +
        'Set search=yes and ai-input=yes if you want AI answers to cite it (ai-train=no alone keeps training off).',
    );
  },
});
