import { describe, expect, it } from 'vitest';
import aboutContactRule from '../../../shared/rules/trust/trust.about-contact.js';
import outboundReferencesRule from '../../../shared/rules/trust/trust.outbound-references.js';
import { siteOf } from '../../../shared/url/site.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { judge, outcome, NOT_APPLICABLE } from '../rule-tester.js';

describe('trust.about-contact', () => {
  it('passes about and contact links in the footer', () => {
    expect(outcome(aboutContactRule, page('<footer><a href="/about-us">Who we are</a> <a href="/contact">Write to us</a></footer>')).score).toBe(1);
  });

  it('matches link texts and other languages, and counts mailto as contact', () => {
    expect(outcome(aboutContactRule, page('<a href="/x">Über uns</a> <a href="mailto:info@example.com">E-Mail</a>')).score).toBe(1);
    expect(outcome(aboutContactRule, page('<a href="/impressum">Impressum</a>')).score).toBe(1);
  });

  it('gives partial credit for one of the two and says which is missing', () => {
    const o = outcome(aboutContactRule, page('<a href="/about">About</a><a href="/blog">Blog</a>'));
    expect(o.score).toBe(0.6);
    expect(o.title).toBe('No contact link');
  });

  it('does not take another site\'s /company/ page for an about page', () => {
    const o = outcome(aboutContactRule, page('<a href="https://www.linkedin.com/company/example">LinkedIn</a>'));
    expect(o.score).toBe(0);
    expect(o.detail).toContain("page's 1 link leads");
  });

  it('is not applicable on a JavaScript shell', () => {
    expect(judge(aboutContactRule, snapshot(SPA_SHELL))).toBe(NOT_APPLICABLE);
  });
});

describe('trust.outbound-references', () => {
  const articleWith = (links: string) =>
    page(`<article><h1>Post</h1><p>${words(200)} ${links}</p></article><footer><a href="https://twitter.com/example">Twitter</a></footer>`);

  it('passes content that links to two or more other sites', () => {
    expect(outcome(outboundReferencesRule, articleWith('<a href="https://a.org/x">study</a> <a href="https://b.org/">data</a>')).score).toBe(1);
  });

  it('gives partial credit for one other site', () => {
    const o = outcome(outboundReferencesRule, articleWith('<a href="https://a.org/x">study</a> <a href="https://a.org/y">more</a>'));
    expect(o.score).toBe(0.7);
    expect(o.detail).toContain('a.org');
  });

  it('does not count own subdomains, social profiles or footer links', () => {
    const o = outcome(
      outboundReferencesRule,
      articleWith('<a href="https://blog.example.com/">blog</a> <a href="https://www.facebook.com/example">fb</a>'),
    );
    expect(o.score).toBe(0);
    expect(o.severity).toBeUndefined();
  });

  it('is a notice on long non-article pages, and not applicable to short ones', () => {
    const o = outcome(outboundReferencesRule, page(`<main><p>${words(400)}</p></main>`));
    expect(o.score).toBe(0.5);
    expect(o.severity).toBe('notice');
    expect(judge(outboundReferencesRule, page(`<main><p>${words(100)}</p></main>`))).toBe(NOT_APPLICABLE);
  });

  it('treats registrable domains as sites', () => {
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOf('alice.github.io')).not.toBe(siteOf('bob.github.io'));
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
  });
});
