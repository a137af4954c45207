/** The words of the site report's AI crawler traffic section (docs/reports.md#ai-crawler-traffic), spread into ../en.ts. */
import type { Message } from '../../message.js';

export const enTraffic = {
  'traffic.title': 'AI crawlers in the server logs',
  'traffic.intro': {
    one: "From {since} to {until}, the site's server logs show {count} request from AI crawlers.",
    other: "From {since} to {until}, the site's server logs show {count} requests from AI crawlers.",
  },
  'traffic.introVisits': {
    one: 'Answer engines sent {count} visitor to the site.',
    other: 'Answer engines sent {count} visitors to the site.',
  },
  'traffic.meaningRefused':
    "The site refused {share} of the AI crawlers' requests (an error or a block): what a crawler cannot read, an answer engine cannot use or cite.",
  'traffic.meaningSpoofed':
    "{share} of the requests used an AI crawler's name from addresses its operator does not use: they come from someone else, so blocking them costs the site no AI visibility.",
  'traffic.meaningNotFetched': {
    one: 'AI crawlers read the site, but {count} audited page was not fetched by any of them: an answer engine cannot cite a page it has not read, so link to it from pages they do fetch and list it in the sitemap.',
    other:
      'AI crawlers read the site, but {count} audited pages were not fetched by any of them: an answer engine cannot cite a page it has not read, so link to them from pages they do fetch and list them in the sitemap.',
  },
  'traffic.meaningReferrals': {
    one: 'AI crawlers read the site and answer engines already send people to it ({count} visit): the pages they land on are worth keeping accurate and easy to read.',
    other:
      'AI crawlers read the site and answer engines already send people to it ({count} visits): the pages they land on are worth keeping accurate and easy to read.',
  },
  'traffic.meaningNoReferrals':
    'AI crawlers read the site, but no one arrived from an answer engine in this period: being read is the first step, being cited in answers the next.',
  'traffic.meaningReferralsOnly': {
    one: 'No AI crawler request is in the logs for this period, yet answer engines sent {count} visitor: check that the logs cover the whole site.',
    other:
      'No AI crawler request is in the logs for this period, yet answer engines sent {count} visitors: check that the logs cover the whole site.',
  },
  'traffic.chartDescription': {
    one: 'AI crawler requests per day from {since} to {until}: {count} in all; the busiest day was {busiest} with {busiestHits}. By purpose: {purposes}.',
    other:
      'AI crawler requests per day from {since} to {until}: {count} in all; the busiest day was {busiest} with {busiestHits}. By purpose: {purposes}.',
  },
  'traffic.status2xx': 'served (2xx)',
  'traffic.status3xx': 'redirected (3xx)',
  'traffic.status4xx': 'refused or missing (4xx)',
  'traffic.status5xx': 'server errors (5xx)',
  'traffic.agent': 'Agent',
  'traffic.requests': 'Requests',
  'traffic.verified': 'Verified',
  'traffic.spoofed': 'Spoofed',
  'traffic.refused': 'Refused',
  'traffic.agentsNote':
    "Verified: from the addresses the operator publishes for its crawler. Spoofed: the crawler's name from other addresses. Refused: answered with an error (4xx or 5xx).",
  'traffic.referralsTitle': 'Visitors from answer engines',
  'traffic.noReferrals': 'No visitor arrived from an answer engine in this period.',
  'traffic.engine': 'Answer engine',
  'traffic.visits': 'Visits',
  'traffic.landingPages': 'Pages they landed on',
  'traffic.notFetchedTitle': 'Audited pages no AI crawler fetched',
  'traffic.notFetchedIntro': {
    one: '{count} of the {total} audited pages was not fetched by any AI crawler in this period:',
    other: '{count} of the {total} audited pages were not fetched by any AI crawler in this period:',
  },
  'traffic.allFetched': 'Every audited page was fetched by at least one AI crawler in this period.',
} as const satisfies Record<string, Message>;
