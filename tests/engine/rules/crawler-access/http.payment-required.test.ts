import httpPaymentRequired from '../../../../shared/rules/crawler-access/http.payment-required.js';
import { site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { PRICE, answered, ok } from './fixtures.js';

testRule(httpPaymentRequired, {
  passes: [
    { name: 'every probed agent gets the page', snapshot: site({ pageAsTrainingAgent: answered(402, PRICE), pageAsSecondUserAgent: ok }) },
  ],
  partial: [
    {
      name: 'ChatGPT-User charged by pay per crawl: a warning about a user-triggered agent',
      snapshot: site({ pageAsUserAgent: answered(402, PRICE), pageAsSecondUserAgent: ok }),
      score: 2 / 3,
      severity: 'warning',
      title: 'AI assistants are asked to pay to read the page',
      detail: [
        /ChatGPT-User got HTTP 402 Payment Required \(pay per crawl, crawler-price: USD 0.01\) while a browser got HTTP 200/,
        /keep 402 for training crawlers/,
        /verified bot IP ranges/,
      ],
    },
    {
      name: 'only the search crawler charged, by x402',
      snapshot: site({ pageAsSearchAgent: answered(402, { 'content-type': 'application/json' }, '{"x402Version":1,"accepts":[]}') }),
      score: 0.5,
      title: 'AI search crawlers are asked to pay to index the page',
      detail: /\(x402\)/,
    },
  ],
  fails: [
    {
      name: 'every citing agent charged',
      snapshot: site({ pageAsSearchAgent: answered(402), pageAsUserAgent: answered(402), pageAsSecondUserAgent: answered(402) }),
      severity: 'warning',
      detail: /no price named/,
    },
  ],
  notApplicable: [{ name: 'no agent probes (the extension)', snapshot: site({ pageAsSearchAgent: null, pageAsUserAgent: null }) }],
});
