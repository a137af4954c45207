import { describe, expect, it } from 'vitest';
import { markdownMirrorUrl } from '../../../shared/facts/markdown-mirror.js';

describe('markdownMirrorUrl (llmstxt.org: .md appended, index.html.md without a file name)', () => {
  it.each([
    ['https://example.com/docs/intro', 'https://example.com/docs/intro.md'],
    ['https://example.com/docs/intro?ref=x#top', 'https://example.com/docs/intro.md'],
    ['https://example.com/', 'https://example.com/index.html.md'],
    ['https://example.com/docs/', 'https://example.com/docs/index.html.md'],
    ['https://example.com/page.html', 'https://example.com/page.html.md'],
  ])('%s -> %s', (page, mirror) => expect(markdownMirrorUrl(page)).toBe(mirror));
  it('has none for a URL that is already Markdown', () => expect(markdownMirrorUrl('https://example.com/a.md')).toBeNull());
});
