import { defineRule, fail, notApplicable, pass } from '../../judge/rule.js';
import { readLlmsFullTxt } from '../../llms-txt/llms-full.js';

/** llms-full.txt (a convention beside the spec): the whole corpus as one Markdown file. Nice to have. */
export default defineRule({
  id: 'llms-full-txt.present',
  category: 'AI Discovery',
  weight: 2,
  severity: 'notice',
  title: 'No llms-full.txt',
  description: 'Whether the site serves /llms-full.txt, its key content as one Markdown file.',
  fix: 'Optionally publish your key content as one Markdown file at /llms-full.txt.',
  check(ctx) {
    const { file } = readLlmsFullTxt(ctx);
    switch (file.kind) {
      case 'not_fetched':
      case 'unreachable':
        return notApplicable();
      case 'text':
        return pass();
      case 'missing':
        return fail(
          'The site has no /llms-full.txt. Optionally publish your key content as one Markdown file there, so an agent can load all of it in a single request.',
        );
      case 'http_error':
        return fail(`/llms-full.txt answered HTTP ${file.status}. Serve it with status 200 as text/markdown, or remove links to it.`, {
          title: 'llms-full.txt cannot be fetched',
        });
      case 'html':
        return fail(
          `/llms-full.txt answers ${file.status} with an HTML page rather than Markdown. Serve the Markdown file there, or a 404.`,
          {
            title: 'llms-full.txt serves an HTML page',
          },
        );
      case 'binary':
      case 'empty':
        return fail(
          `/llms-full.txt is ${file.kind === 'empty' ? 'empty' : 'not text'}. Serve your content there as Markdown (text/markdown).`,
          {
            title: 'llms-full.txt is not usable',
          },
        );
    }
  },
});
