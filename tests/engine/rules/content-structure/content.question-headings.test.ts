import { expect } from 'vitest';
import contentQuestionHeadings from '../../../../shared/rules/content-structure/content.question-headings.js';
import { page, words } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

const long = `<p>${words(300)}</p>`;

testRule(contentQuestionHeadings, {
  passes: [
    {
      name: 'question headings answered right below with a short sentence',
      snapshot: page(
        `<h1>Cold brew</h1>${long}<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water for a day. More text follows here.</p><h3>How long does it keep?</h3><p>About two weeks in the fridge.</p>`,
      ),
    },
  ],
  partial: [
    {
      name: 'credit for the share answered, naming an unanswered one',
      snapshot: page(
        `<h2>What is cold brew?</h2><p>Cold brew is coffee steeped in cold water.</p><h2>Why is it sweet?</h2><h3>Chemistry</h3><p>Short.</p><h2>How strong is it?</h2><p>${'very '.repeat(80)}strong indeed.</p>`,
      ),
      score: 0.33,
      detail: ['2 of 3', '"Why is it sweet?"'],
      check: (o) => expect(o.severity).toBeUndefined(),
    },
    {
      name: 'long content with section headings but no question: a notice',
      snapshot: page(`<h2>Ingredients</h2>${long}<h2>Method</h2><p>Stir.</p>`),
      score: 0.7,
      severity: 'notice',
    },
  ],
  notApplicable: [{ name: 'a short page without questions', snapshot: page('<h2>Ingredients</h2><p>x</p><h2>Method</h2>') }],
});

// Headings of widgets and comments are not the page's questions.
const sections = `<h2>Ingredients</h2>${long}<h2>Method</h2><p>Stir the grounds into cold water and wait a day.</p>`;
const lang = (code: string, body: string) =>
  page(`<!doctype html><html lang="${code}"><head><title>Une page de test</title></head><body>${body}</body></html>`);

testRule(contentQuestionHeadings, {
  passes: [
    {
      name: 'question words of the page language ("Comment ...", "Pourquoi ...") answered below',
      snapshot: lang(
        'fr',
        `${long}<h2>Comment préparer un cold brew</h2><p>On laisse infuser le café moulu dans l'eau froide.</p><h2>Pourquoi est-il doux</h2><p>L'eau froide extrait moins d'acides.</p>`,
      ),
    },
  ],
  partial: [
    {
      name: 'a newsletter form titled "Love the Web?" is no question of the page',
      snapshot: page(
        `${sections}<h2>Love the Web?</h2><form><input type="email" placeholder="you@example.com"><button>Subscribe</button></form>`,
      ),
      title: 'No question-style headings',
      severity: 'notice',
    },
    {
      name: 'a heading inside a sign-up block or a sidebar is not counted either',
      snapshot: page(
        `${sections}<div class="newsletter-signup"><h3>Want more?</h3><p>Join us.</p></div><aside><h2>Why subscribe?</h2><p>x</p></aside>`,
      ),
      title: 'No question-style headings',
    },
  ],
  notApplicable: [
    {
      name: 'an FAQ section (asked in an accordion, not in headings) is not told to add question headings',
      snapshot: lang(
        'es',
        `<h2>Ingredientes</h2>${long}<h2>Preguntas frecuentes</h2><details><summary>¿Cuánto dura?</summary><p>Dos semanas.</p></details>`,
      ),
    },
  ],
});

testRule(contentQuestionHeadings, {
  partial: [
    {
      name: 'linked headlines of related stories are teasers, not the page’s questions',
      snapshot: page(
        `${sections}<ul><li><h3><a href="/2019/11/huawei">What blacklisting Huawei means for the trade war</a></h3></li><li><h3><a href="https://example.org/x">Why markets fell</a></h3></li></ul>`,
      ),
      title: 'No question-style headings',
    },
  ],
  passes: [
    {
      name: 'a question heading with an anchor link to itself is still the page’s own',
      snapshot: page(`${long}<h2><a href="#what">What is cold brew?</a></h2><p>Cold brew is coffee steeped in cold water.</p>`),
    },
  ],
});
