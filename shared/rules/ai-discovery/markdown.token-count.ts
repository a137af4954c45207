import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { markdownAvailability } from '../../facts/markdown-availability.js';

const TOKEN_COUNT = /^\d{1,9}$/;

/**
 * `x-markdown-tokens` on the Markdown response (Cloudflare's Markdown for Agents sends it): how many tokens the
 * Markdown holds, so an agent can budget its context before reading. A vendor convention, so informational.
 */
export default defineRule({
  id: 'markdown.token-count',
  category: 'AI Discovery',
  weight: 0,
  severity: 'notice',
  title: 'The Markdown does not say how many tokens it holds',
  description: 'Whether the Markdown response sends a valid x-markdown-tokens header (its token count).',
  fix: 'Optional: send x-markdown-tokens with the whole number of tokens where your server or CDN can count them.',
  check(ctx) {
    if (!ctx.pageOk) return notApplicable();
    const res = markdownAvailability(ctx).markdownResponse;
    if (!res) return notApplicable();
    const value = res.headers['x-markdown-tokens']?.trim();
    if (value !== undefined && TOKEN_COUNT.test(value)) return pass();
    if (value !== undefined) {
      return fail(
        `The Markdown response sends x-markdown-tokens: "${value.slice(0, 40)}", which is not a token count. Send the whole number of tokens, or leave the header out.`,
        {
          title: 'The Markdown token count is not a number',
        },
      );
    }
    return fail(
      `The Markdown at ${res.finalUrl || res.url} does not send x-markdown-tokens, the header Cloudflare's Markdown for Agents uses to tell agents how many tokens a page holds before they read it. ` +
        'Optional: add it where your server or CDN can count tokens.',
    );
  },
});
