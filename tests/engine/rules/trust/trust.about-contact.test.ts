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

const inLanguage = (lang: string, links: string) =>
  page(
    `<!doctype html><html lang="${lang}"><head><title>Testpagina voor links</title></head><body><p>x</p><footer>${links}</footer></body></html>`,
  );

// About and contact links in the page's language, anywhere in a short link text.
testRule(trustAboutContact, {
  passes: [
    {
      name: 'Dutch: "Over Tweakers" and "Klantenservice"',
      snapshot: inLanguage('nl', '<a href="/x">Over Tweakers</a> <a href="/y">Klantenservice</a>'),
    },
    {
      name: 'Czech: "O nás" and "Zákaznický servis"',
      snapshot: inLanguage('cs', '<a href="/a">O nás</a> <a href="/b">Zákaznický servis</a>'),
    },
    {
      name: 'Portuguese: "Sobre a Folha" and "Fale conosco"',
      snapshot: inLanguage('pt-BR', '<a href="/a">Sobre a Folha</a> <a href="/b">Fale conosco</a>'),
    },
    {
      name: 'the words anywhere in the link text ("Meet our team", "Customer service & help")',
      snapshot: inLanguage('en', '<a href="/a">Meet our team</a> <a href="/b">Customer service &amp; help</a>'),
    },
    {
      name: 'slugs of the lexicon in the path (/over-ons/, /fale-conosco)',
      snapshot: inLanguage('en', '<a href="/over-ons/">Wij</a> <a href="/fale-conosco">Fale</a>'),
    },
  ],
  fails: [
    {
      name: 'an English headline starting with "Over" is not a Dutch about link',
      snapshot: inLanguage('en', '<a href="/news/1">Over 200 recipes for summer</a> <a href="/news/2">Sobre mesa</a>'),
    },
  ],
});

testRule(trustAboutContact, {
  partial: [
    {
      name: 'a "share by e-mail" link (mailto:?subject=...) reaches nobody: no contact',
      snapshot: inLanguage('en', '<a href="/about">About us</a> <a href="mailto:?subject=Read%20this">Email</a>'),
      title: 'No contact link',
    },
  ],
  passes: [
    {
      name: 'an imprint on another host of the same blog is both about and contact; Chinese customer service is contact',
      snapshot: inLanguage('zh', '<a href="/a">关于我们</a> <a href="https://service.qq.com/">客服中心</a>'),
    },
    {
      name: 'a German imprint by its text alone',
      snapshot: inLanguage('de', '<a href="https://blog.example.de/p/kontakt.html">Impressum</a>'),
    },
    {
      name: "a French legal notice on the group's site is both about and contact",
      snapshot: inLanguage('fr', '<a href="http://www.radiofrance.fr/mentions-legales-radio-france">Mentions légales</a>'),
    },
  ],
});
