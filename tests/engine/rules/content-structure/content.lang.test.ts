import contentLang from '../../../../shared/rules/content-structure/content.lang.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { doc } from './fixtures.js';

const lang = (attr: string) => doc('', attr);
const headerOnly = () => {
  const html = `<!doctype html><html><head></head><body>x</body></html>`;
  return snapshot(html, {
    page: resource('https://example.com/', html, { headers: { 'content-type': 'text/html', 'content-language': 'fr' } }),
  });
};

testRule(contentLang, {
  passes: [
    { name: 'lang="en"', snapshot: lang(' lang="en"') },
    { name: 'a region subtag', snapshot: lang(' lang="de-CH"') },
    { name: 'script and region subtags', snapshot: lang(' lang="zh-Hant-TW"') },
  ],
  fails: [
    { name: 'no lang', snapshot: lang('') },
    { name: 'an empty lang', snapshot: lang(' lang=""') },
  ],
  partial: [
    { name: 'an underscore form', snapshot: lang(' lang="en_US"'), score: 0.8 },
    { name: 'an invalid tag', snapshot: lang(' lang="english language"'), score: 0.4 },
    { name: 'the language in the Content-Language header only', snapshot: headerOnly, score: 0.6, detail: 'lang="fr"' },
  ],
});
