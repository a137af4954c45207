/** When PostgreSQL or Redis is missing: a loud skip on a developer machine, a failure in CI. */
import { describe, expect, it } from 'vitest';
import { serviceGate } from '../helpers/services/binaries.js';

describe('the services gate of the tests that need PostgreSQL or Redis', () => {
  it('runs the tests when nothing is missing, without a word', () => {
    const said: string[] = [];
    expect(serviceGate([], {}, (t) => said.push(t))).toBe(true);
    expect(serviceGate([], { CI: '1' }, (t) => said.push(t))).toBe(true);
    expect(said).toEqual([]);
  });

  it('outside CI: skips, saying loudly what is missing and how to install it', () => {
    const said: string[] = [];
    expect(serviceGate(['postgres', 'redis'], {}, (t) => said.push(t))).toBe(false);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/!!! SKIPPING tests that need PostgreSQL \(initdb, postgres\) and Redis \(redis-server\)/);
    expect(said[0]).toContain('apt-get install -y postgresql redis-server');
  });

  it('in CI: fails', () => {
    expect(() => serviceGate(['redis'], { CI: '1' }, () => undefined)).toThrow(/Redis \(redis-server\) not installed, and CI is set/);
  });
});
