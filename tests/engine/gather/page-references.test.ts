/**
 * The scripts and links a page references (shared/gather/script-refs.ts), read from the same facts the judges read,
 * and that read shared between gathering and judging (shared/facts/page-facts-of.ts).
 */
import { describe, expect, it } from 'vitest';
import { extractPageFacts } from '../../../shared/facts/page-facts.js';
import { pageFactsOf } from '../../../shared/facts/page-facts-of.js';
import { pageReferencesOf } from '../../../shared/gather/script-refs.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { resource, snapshot } from '../../helpers/snapshot.js';

const URL_ = 'https://example.com/dir/page';
const refsOf = (html: string) => pageReferencesOf(extractPageFacts(html, URL_), URL_);

describe('pageReferencesOf', () => {
  it('keeps document order across scripts and preload links, same-origin first', () => {
    const { scripts } = refsOf(
      '<script src="https://cdn.example.org/x.js"></script><p><script src=/1.js></script><link rel=modulepreload href=/2.js><script src=/3.js></script><link rel="preload" as="SCRIPT" href=" /4.js ">',
    );
    expect(scripts.map((s) => `${s.via} ${s.url}`)).toEqual([
      'script https://example.com/1.js',
      'modulepreload https://example.com/2.js',
      'script https://example.com/3.js',
      'preload https://example.com/4.js',
      'script https://cdn.example.org/x.js',
    ]);
  });

  it('skips data scripts, empty and non-http sources and repeats; a module is marked; fragments are dropped', () => {
    const { scripts } = refsOf(
      '<script type="application/ld+json" src="/data.json"></script><script type=" Module " src="/mod.js"></script><script src=""></script><script src="javascript:void 0"></script><script src="/a.js#x"></script><script src="/a.js"></script>',
    );
    expect(scripts.map((s) => `${s.via} ${s.url}`)).toEqual(['module https://example.com/mod.js', 'script https://example.com/a.js']);
  });

  it('finds no script in comments, script text, titles, text areas or styles; does find one inside a template', () => {
    const { scripts } = refsOf(
      '<!-- <script src="/c.js"></script> --><script>var s = "<script src=/x.js></scr" + "ipt>";</script><title><script src="/t.js"></script></title><textarea><script src="/ta.js"></script></textarea><style><link rel=modulepreload href="/st.js"></style><template><script src="/tpl.js"></script></template>',
    );
    expect(scripts.map((s) => s.url)).toEqual(['https://example.com/tpl.js']);
  });

  it('lists every link with its rel tokens lower-cased and its href resolved', () => {
    const { links } = refsOf('<link rel=" Alternate  DescribedBy" href="/llms.txt"><link href="/g.css"><link rel=icon>');
    expect(links).toEqual([
      { rel: ['', 'alternate', 'describedby'], href: 'https://example.com/llms.txt' },
      { rel: [''], href: 'https://example.com/g.css' },
    ]);
  });
});

describe('one read of the facts per response', () => {
  it('gathering and judging share the facts object; another base URL or response reads again', () => {
    const page = resource(URL_, '<title>Hi</title><script src="/a.js"></script>');
    const facts = pageFactsOf(page, URL_);
    expect(pageFactsOf(page, URL_)).toBe(facts);
    expect(new JudgeContext(snapshot(page.body, { page })).facts).toBe(facts);
    expect(pageFactsOf(page, 'https://example.com/other')).not.toBe(facts);
    expect(pageFactsOf({ ...page }, URL_)).not.toBe(facts);
    expect(pageFactsOf({ ...page }, URL_).title).toBe('Hi');
  });
});
