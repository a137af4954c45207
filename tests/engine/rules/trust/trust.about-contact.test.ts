import trustAboutContact from '../../../../shared/rules/trust/trust.about-contact.js';
import { snapshot, page } from '../../../helpers/snapshot.js';
import { SPA_SHELL } from '../../pages.js';
import { testRule } from '../../rule-tester.js';

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
