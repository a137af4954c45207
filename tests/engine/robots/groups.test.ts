import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { namesAgent, selectGroup } from '../../../shared/robots/groups.js';
import { robotsVerdictFor } from '../../../shared/robots/verdict.js';

/**
 * Agent tokens that are also names on Object.prototype. robots-parser's suite has the same case
 * ("should handle UAs with object property names", samclarke/robots-parser test/Robots.js, MIT).
 */
describe('selectGroup with agent tokens named like Object.prototype members', () => {
  const robots = parseRobotsTxt('User-agent: *\nDisallow: /fish\n');

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    '%s falls back to the * group',
    (agent) => {
      expect(selectGroup(robots, agent).via).toBe('*');
      expect(robotsVerdictFor(robots, agent, '/fish').allowed).toBe(false);
      expect(namesAgent(robots, agent)).toBe(false);
    },
  );

  it('a group that really names such a token applies to it', () => {
    const own = parseRobotsTxt('User-agent: constructor\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(selectGroup(own, 'Constructor').via).toBe('constructor');
    expect(robotsVerdictFor(own, 'constructor', '/a').allowed).toBe(false);
  });

  it('the Applebot fallback to Googlebot still works', () => {
    const g = parseRobotsTxt('User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n');
    expect(selectGroup(g, 'Applebot').via).toBe('googlebot');
    expect(robotsVerdictFor(g, 'Applebot', '/public').allowed).toBe(true);
  });
});
