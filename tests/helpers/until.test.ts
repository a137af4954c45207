/** The one wait helper of the tests: what counts as an answer, and what its timeout says. */
import { describe, expect, it } from 'vitest';
import { until } from './until.js';

describe('until', () => {
  it('polls until the probe answers, and returns the answer', async () => {
    let probes = 0;
    expect(await until('the third probe', () => (++probes === 3 ? 'ready' : undefined), { everyMs: 1 })).toBe('ready');
    expect(probes).toBe(3);
  });

  it('takes undefined, null and false for "not yet", and anything else (0, an empty string, an empty list) as the answer', async () => {
    const answers = [undefined, null, false, 0];
    expect(await until('a zero', () => answers.shift(), { everyMs: 1 })).toBe(0);
    expect(await until('an empty string', async () => '')).toBe('');
    expect(await until('an empty list', () => [])).toEqual([]);
  });

  it('fails with what it waited for, and with what was last seen when `what` is a function', async () => {
    await expect(until('the crawl to end', () => false, { timeoutMs: 30, everyMs: 5 })).rejects.toThrow(
      'Timed out after 0.03 s waiting for the crawl to end',
    );
    let seen = 0;
    await expect(
      until(
        () => `3 requests (got ${seen})`,
        () => (seen++, false),
        { timeoutMs: 30, everyMs: 5 },
      ),
    ).rejects.toThrow(/waiting for 3 requests \(got \d+\)$/);
  });

  it('lets an error of the probe through at once', async () => {
    await expect(
      until('a process that exited', () => {
        throw new Error('the process exited');
      }),
    ).rejects.toThrow('the process exited');
  });
});
