import { defineRule, fail, notApplicable, partial, pass } from '../../judge/rule.js';
import { accessSummary } from '../../crawlers/agent-fetches.js';

/** A page that answers an error status is dropped by crawlers and cannot be cited. */
export default defineRule({
  id: 'http.status',
  category: 'Crawler Access',
  weight: 30,
  severity: 'critical',
  title: 'The page answers with an HTTP error',
  description: 'Whether the page answers with a success status (2xx) rather than an HTTP error or a bare redirect status.',
  fix: 'Serve the page with status 200, or link to the URL that does.',
  check(ctx) {
    const page = ctx.snapshot.page;
    if (page.error || page.status === 0) return notApplicable();
    const access = accessSummary(ctx);
    // A challenge served to everyone is reported by challenge.ai-agents-blocked.
    if (access.pattern === 'everyone') return notApplicable();
    // The browser alone was challenged: judge what the AI agents got instead.
    const status =
      access.pattern === 'browser-only' ? (access.citing.find((a) => a.resource.status > 0)?.resource.status ?? page.status) : page.status;
    if (status >= 200 && status < 300) return pass();
    if (status >= 300 && status < 400) {
      return partial(
        0.5,
        `The page ends on HTTP ${status} without a usable redirect target, so crawlers get no content. Serve the page with 200 or redirect with a valid Location.`,
        { severity: 'warning', title: 'The page ends on a redirect status' },
      );
    }
    const kind = status >= 500 ? 'a server error' : 'a client error';
    return fail(
      `The page answers HTTP ${status} (${kind}), so AI crawlers drop it and cannot cite it. Serve it with status 200, or link to the URL that does.`,
    );
  },
});
