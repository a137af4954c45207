import { expect } from 'vitest';
import robotsUserAgentsBlocked from '../../../../shared/rules/crawler-access/robots.user-agents-blocked.js';
import { site } from '../../crawler-access/site.js';
import { testRule } from '../../rule-tester.js';
import { NOTHING_BLOCKED } from './fixtures.js';

testRule(robotsUserAgentsBlocked, {
  passes: [{ name: 'nothing blocked', snapshot: site({ robots: NOTHING_BLOCKED }) }],
  partial: [
    {
      name: 'user-triggered agents blocked: critical',
      snapshot: site({ robots: 'User-agent: ChatGPT-User\nUser-agent: Claude-User\nDisallow: /blog/\n' }),
      severity: 'critical',
      detail: /ChatGPT-User and Claude-User/,
      check: () => expect(robotsUserAgentsBlocked.severity).toBe('critical'),
    },
  ],
});
