import webmcpFormTools from '../../../../shared/rules/ai-discovery/webmcp.form-tools.js';
import { snapshot } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';

const forms = (body: string) => snapshot(`<!doctype html><html><head><title>F</title></head><body>${body}</body></html>`);

testRule(webmcpFormTools, {
  passes: [
    {
      name: 'every fillable form declares a tool',
      snapshot: forms('<form toolname="subscribe" tooldescription="Subscribe"><input type="email" name="email"></form>'),
    },
  ],
  fails: [
    {
      name: 'a search form without toolname',
      snapshot: forms('<form id="search" action="/search"><input name="q"><button>Go</button></form>'),
      severity: 'notice',
      detail: [/The page's form \(#search\) carries no toolname/, /toolname and tooldescription/],
    },
    {
      name: 'one of two',
      snapshot: forms(
        '<form toolname="a" tooldescription="A"><input name="x"></form><form action="/contact"><textarea name="msg"></textarea></form>',
      ),
      detail: /1 of 2 forms \(the form posting to \/contact\) carries/,
    },
  ],
  notApplicable: [
    { name: 'no forms', snapshot: forms('<p>x</p>') },
    {
      name: 'only hidden or button inputs',
      snapshot: forms('<form><input type="hidden" name="csrf"><input type="submit" name="go"></form>'),
    },
  ],
});
