import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { readLlmsTxt } from '../../llms-txt/read.js';

/** /llms.txt is the agent-facing map of a site (llmstxt.org); a page served there in its place misleads agents. */
export default defineRule({
  id: 'llms-txt.present',
  category: 'AI Discovery',
  weight: 5,
  severity: 'notice',
  title: 'No llms.txt',
  description:
    'Whether the site serves a non-empty Markdown /llms.txt, or the page names its own with rel="describedby" (llmstxt.org, v2).',
  fix: 'Publish /llms.txt: an H1 with the site name, a "> summary" line and H2 sections listing key pages.',
  check(ctx) {
    const { file } = readLlmsTxt(ctx);
    const howTo = 'an H1 with the site name, a "> summary" line, and H2 sections listing key pages as "- [name](url): notes"';
    switch (file.kind) {
      case 'not_fetched':
      case 'unreachable':
        return notApplicable();
      case 'text':
        return pass();
      case 'missing':
        return fail(`The site has no /llms.txt (HTTP ${file.status}). Publish one: ${howTo}, so agents find the pages worth reading.`);
      case 'http_error':
        return fail(
          `/llms.txt answered HTTP ${file.status}, so agents cannot read it. Serve it with status 200 as text/markdown or text/plain.`,
          {
            title: 'llms.txt cannot be fetched',
          },
        );
      case 'html':
        return fail(
          `/llms.txt answers ${file.status} with an HTML page (probably the app's fallback route), which agents take for a broken llms.txt. Serve a real Markdown file there (${howTo}), or a 404.`,
          {
            severity: 'warning',
            title: 'llms.txt serves an HTML page',
          },
        );
      case 'binary':
        return fail(
          `/llms.txt is served as binary (${file.contentType || 'no content type'}), not Markdown text. Serve the Markdown file as text/markdown or text/plain.`,
          {
            severity: 'warning',
            title: 'llms.txt is not text',
          },
        );
      case 'empty':
        return fail(`/llms.txt is empty. Fill it with ${howTo}.`, { severity: 'warning', title: 'llms.txt is empty' });
    }
  },
});
