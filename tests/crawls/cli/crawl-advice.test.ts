/** `citable crawl` keeps one page's advice per critical rule, from the audits as they are done, and passes each audit on unchanged. */
import { describe, expect, it } from 'vitest';
import { CriticalAdvice } from '../../../server/cli/crawl/advice.js';
import type { Audit } from '../../../shared/types/audit.js';

const issue = (rule: string, severity: 'critical' | 'warning', detail: string) => ({ rule, severity, detail });
const audit = (issues: ReturnType<typeof issue>[]) => ({ issues }) as unknown as Audit;

describe('the advice under critical issues', () => {
  it('keeps the first page’s detail of each critical rule, none of a warning', async () => {
    const advice = new CriticalAdvice();
    const first = audit([issue('http.status', 'critical', 'HTTP 500 on /a'), issue('content.title', 'warning', 'Weak title')]);
    expect(await advice.see('cli', first)).toBe(first);
    await advice.see('cli', audit([issue('http.status', 'critical', 'HTTP 503 on /b'), issue('robots.meta', 'critical', 'noindex on /b')]));
    expect(advice.byRule()).toEqual({ 'http.status': 'HTTP 500 on /a', 'robots.meta': 'noindex on /b' });
  });
});
