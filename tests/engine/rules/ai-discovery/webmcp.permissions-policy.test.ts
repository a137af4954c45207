import webmcpPermissionsPolicy from '../../../../shared/rules/ai-discovery/webmcp.permissions-policy.js';
import { resource, snapshot } from '../../../helpers/snapshot.js';
import { testRule } from '../../rule-tester.js';
import { HTML } from './agent-web.js';

const policy = (value: string, html = HTML) =>
  snapshot(html, {
    page: resource('https://example.com/', html, { headers: { 'content-type': 'text/html', 'permissions-policy': value } }),
  });
const REGISTERS = `<!doctype html><html><head><title>Shop</title></head><body><form toolname="search" tooldescription="Search products"><input name="q"></form></body></html>`;

testRule(webmcpPermissionsPolicy, {
  passes: [
    { name: 'no policy', snapshot: snapshot(HTML) },
    { name: 'a policy that allows it', snapshot: policy('geolocation=(), tools=(self)') },
  ],
  fails: [
    {
      name: 'tools=() on a page without tools: a deliberate opt-out',
      snapshot: policy('camera=(), tools=()'),
      severity: 'notice',
      detail: /sends tools=\(\), which turns WebMCP off/,
    },
    { name: 'model-context=() (Chrome and Lighthouse name)', snapshot: policy('model-context=()'), detail: /model-context=\(\)/ },
    {
      name: 'tools registered and disabled',
      snapshot: policy('tools=()', REGISTERS),
      title: 'WebMCP tools are registered but the Permissions-Policy disables them',
      detail: /NotAllowedError/,
    },
  ],
  notApplicable: [
    {
      name: 'the page did not answer',
      snapshot: snapshot('', { page: resource('https://example.com/', '', { status: 0, error: { code: 'timeout', message: 't' } }) }),
    },
  ],
});
