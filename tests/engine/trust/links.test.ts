import { describe, expect, it } from 'vitest';
import trustAboutContact from '../../../shared/rules/trust/trust.about-contact.js';
import trustOutboundReferences from '../../../shared/rules/trust/trust.outbound-references.js';
import { siteOf } from '../../../shared/url/site.js';
import { snapshot, page, words } from '../../helpers/snapshot.js';
import { SPA_SHELL } from '../pages.js';
import { testRule } from '../rule-tester.js';

testRule(trustAboutContact, {
  passes: [
    {
      name: 'about and contact links in the footer',
      snapshot: page('<footer><a href="/about-us">Who we are</a> <a href="/contact">Write to us</a></footer>'),
    },
    {
      name: 'link texts in other languages, and mailto as contact',
      snapshot: page('<a href="/x">Über uns</a> <a href="mailto:info@example.com">E-Mail</a>'),
    },
    { name: 'an imprint is both', snapshot: page('<a href="/impressum">Impressum</a>') },
  ],
  partial: [
    {
      name: 'one of the two, saying which is missing',
      snapshot: page('<a href="/about">About</a><a href="/blog">Blog</a>'),
      score: 0.6,
      title: 'No contact link',
    },
  ],
  fails: [
    {
      name: "another site's /company/ page is not an about page",
      snapshot: page('<a href="https://www.linkedin.com/company/example">LinkedIn</a>'),
      detail: "page's 1 link leads",
    },
  ],
  notApplicable: [{ name: 'a JavaScript shell', snapshot: snapshot(SPA_SHELL) }],
});

const articleWith = (links: string) =>
  page(`<article><h1>Post</h1><p>${words(200)} ${links}</p></article><footer><a href="https://twitter.com/example">Twitter</a></footer>`);

testRule(trustOutboundReferences, {
  passes: [
    {
      name: 'content linking to two or more other sites',
      snapshot: articleWith('<a href="https://a.org/x">study</a> <a href="https://b.org/">data</a>'),
    },
  ],
  partial: [
    {
      name: 'one other site',
      snapshot: articleWith('<a href="https://a.org/x">study</a> <a href="https://a.org/y">more</a>'),
      score: 0.7,
      detail: 'a.org',
    },
    { name: 'a long non-article page: a notice', snapshot: page(`<main><p>${words(400)}</p></main>`), score: 0.5, severity: 'notice' },
  ],
  fails: [
    {
      name: 'own subdomains, social profiles and footer links do not count',
      snapshot: articleWith('<a href="https://blog.example.com/">blog</a> <a href="https://www.facebook.com/example">fb</a>'),
      check: (o) => expect(o.severity).toBeUndefined(),
    },
  ],
  notApplicable: [{ name: 'a short non-article page', snapshot: page(`<main><p>${words(100)}</p></main>`) }],
});

describe('siteOf', () => {
  it('treats registrable domains as sites', () => {
    expect(siteOf('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOf('alice.github.io')).not.toBe(siteOf('bob.github.io'));
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
  });
});
