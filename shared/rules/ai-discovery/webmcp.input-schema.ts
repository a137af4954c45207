import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { webmcpSignal } from '../../webmcp/signal.js';
import { listNames, plural } from '../../judge/wording.js';

/**
 * Registered WebMCP tools whose `inputSchema` is not a sound JSON Schema (Lighthouse's webmcp-schema-validity audits
 * the same for declarative tools). Only schemas that could be read are judged: a literal in a script, or the live
 * tool list the extension reads. Informational, like signals.webmcp.
 */
export default defineRule({
  id: 'webmcp.input-schema',
  category: 'AI Discovery',
  weight: 0,
  severity: 'notice',
  title: 'A WebMCP tool declares an invalid input schema',
  description: 'Whether registered WebMCP tools declare an inputSchema that is sound JSON Schema 2020-12 with an object at the root.',
  fix: 'Fix the schema: JSON Schema 2020-12 with "type": "object" at the root.',
  check(ctx) {
    const judged = webmcpSignal(ctx).evidence.filter((e) => e.registers && e.schemaProblems !== undefined);
    if (!judged.length) return notApplicable();
    const broken = judged.filter((e) => e.schemaProblems!.length > 0);
    if (!broken.length) return pass();
    const first = broken[0]!;
    return fail(
      `${plural(broken.length, 'registered tool')} (${listNames(broken.map((e) => `"${e.toolName ?? '?'}"`))}) ${broken.length === 1 ? 'has' : 'have'} an input schema agents cannot rely on: ` +
        `${first.schemaProblems![0]}. Browsers reject or misread such tools; fix the schema (JSON Schema 2020-12, "type": "object" at the root).`,
      { title: broken.length === 1 ? 'A WebMCP tool declares an invalid input schema' : 'WebMCP tools declare invalid input schemas' },
    );
  },
});
