import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { pageAnswered } from '../../judge/applicability.js';
import { disabledWebmcpFeature } from '../../webmcp/page/header-evidence.js';
import { webmcpSignal } from '../../webmcp/signal.js';

/**
 * A Permissions-Policy that turns WebMCP off (`tools=()`, or `model-context=()` as Chrome and Lighthouse name it):
 * `registerTool` then rejects with NotAllowedError. On a page that registers tools that is a bug; elsewhere a
 * deliberate opt-out. Informational either way, like signals.webmcp.
 */
export default defineRule({
  id: 'webmcp.permissions-policy',
  category: 'AI Discovery',
  weight: 0,
  severity: 'notice',
  title: 'The Permissions-Policy disables WebMCP',
  description: 'Whether a Permissions-Policy header turns WebMCP off (tools=() or model-context=()).',
  fix: 'Nothing to fix if intended; on a page that registers tools, allow the feature (tools=(self)).',
  check(ctx) {
    if (!pageAnswered(ctx)) return notApplicable();
    const policy = ctx.snapshot.page.headers['permissions-policy'];
    const feature = policy ? disabledWebmcpFeature(policy) : null;
    if (!feature) return pass();
    const registers = webmcpSignal(ctx).status === 'detected';
    if (registers) {
      return fail(
        `The page registers WebMCP tools, but its Permissions-Policy sends ${feature}=(), so the browser rejects every registerTool call (NotAllowedError) and agents see no tools. ` +
          `Allow the feature for the page (${feature}=(self)) or drop the registrations.`,
        { title: 'WebMCP tools are registered but the Permissions-Policy disables them' },
      );
    }
    return fail(
      `The Permissions-Policy header sends ${feature}=(), which turns WebMCP off on this page: no script, not even your own, can offer tools to browser agents. Nothing to fix if intended.`,
    );
  },
});
