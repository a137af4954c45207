import { describe, expect, it } from 'vitest';
import { readRobotsTxt, robotsDecision } from '../../../shared/robots/read.js';
import { ROBOTS_PARSE_LIMIT_BYTES } from '../../../shared/robots/limits.js';
import { failedResource } from '../../../shared/gather/failed-resource.js';
import { resource, textFile } from '../../helpers/snapshot.js';

const URL_ = 'https://example.com/robots.txt';

describe('readRobotsTxt status handling (RFC 9309 section 2.3.1)', () => {
  it('parses a 200 text file', () => {
    const reading = readRobotsTxt(textFile(URL_, 'User-agent: *\nDisallow: /\n'));
    expect(reading.kind).toBe('parsed');
    expect(robotsDecision(reading, 'GPTBot', '/').allowed).toBe(false);
  });

  it.each([404, 401, 403, 410, 429])('treats %i as unavailable: everything allowed', (status) => {
    const reading = readRobotsTxt(resource(URL_, 'nope', { status }));
    expect(reading.kind).toBe('unavailable');
    expect(robotsDecision(reading, 'GPTBot', '/x').allowed).toBe(true);
  });

  it.each([500, 502, 503])('treats %i as unreachable: complete disallow', (status) => {
    const reading = readRobotsTxt(resource(URL_, 'oops', { status }));
    expect(reading.kind).toBe('unreachable');
    expect(robotsDecision(reading, 'OAI-SearchBot', '/').allowed).toBe(false);
  });

  it.each(['timeout', 'refused', 'dns', 'tls', 'network'] as const)('treats a %s failure as unreachable', (code) => {
    expect(readRobotsTxt(failedResource(URL_, code, code)).kind).toBe('unreachable');
  });

  it('treats too many redirects as unavailable', () => {
    expect(readRobotsTxt(failedResource(URL_, 'too_many_redirects', 'x')).kind).toBe('unavailable');
  });

  it('does not blame the site for our own deadline or a missing fetch', () => {
    expect(readRobotsTxt(failedResource(URL_, 'deadline', 'x')).kind).toBe('not-checked');
    expect(readRobotsTxt(null).kind).toBe('not-checked');
    expect(robotsDecision(readRobotsTxt(null), 'GPTBot', '/').allowed).toBe(true);
  });

  it('treats an HTML page served at 200 (SPA fallback) as no robots.txt', () => {
    const reading = readRobotsTxt(resource(URL_, '<!DOCTYPE html><html><body><div id="root"></div></body></html>'));
    expect(reading).toMatchObject({ kind: 'not-text', reason: 'html' });
    expect(robotsDecision(reading, 'GPTBot', '/').allowed).toBe(true);
  });

  it('parses a real robots.txt even when it is labelled text/html', () => {
    const reading = readRobotsTxt(resource(URL_, 'User-agent: *\nDisallow: /\n'));
    expect(reading.kind).toBe('parsed');
  });

  it('treats a binary body as not text', () => {
    expect(readRobotsTxt(resource(URL_, '', { binary: true })).kind).toBe('not-text');
  });
});

describe('parse limit', () => {
  it('reads only the first 500 KiB and drops the half-read last line', () => {
    const filler = `# ${'x'.repeat(98)}\n`; // 101 bytes a line
    let body = 'User-agent: *\n';
    while (body.length < ROBOTS_PARSE_LIMIT_BYTES - 20) body += filler;
    body = body.slice(0, ROBOTS_PARSE_LIMIT_BYTES - 10) + '\nDisallow: /private-area\nDisallow: /\n';
    const reading = readRobotsTxt(textFile(URL_, body));
    if (reading.kind !== 'parsed') throw new Error(reading.kind);
    expect(reading.robots.cut).toBe(true);
    expect(reading.robots.bytes).toBe(new TextEncoder().encode(body).length);
    // The limit falls inside "Disallow: /private-area": that line must not become "/pri...".
    expect(reading.robots.groups[0]!.rules).toEqual([]);
    expect(robotsDecision(reading, 'GPTBot', '/private').allowed).toBe(true);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const body = 'User-agent: *\n# ' + 'ツ'.repeat(Math.ceil(ROBOTS_PARSE_LIMIT_BYTES / 3)) + '\nDisallow: /\n';
    const reading = readRobotsTxt(textFile(URL_, body));
    if (reading.kind !== 'parsed') throw new Error(reading.kind);
    expect(reading.robots.cut).toBe(true);
    expect(robotsDecision(reading, 'GPTBot', '/').allowed).toBe(true);
  });

  it('does not cut a file under the limit', () => {
    const reading = readRobotsTxt(textFile(URL_, 'User-agent: *\nDisallow: /\n'));
    expect(reading.kind === 'parsed' && reading.robots.cut).toBe(false);
  });

  it('reports a body the fetcher truncated as cut', () => {
    const reading = readRobotsTxt(
      resource(URL_, 'User-agent: *\nDisallow: /\n', { truncated: true, headers: { 'content-type': 'text/plain' } }),
    );
    expect(reading.kind === 'parsed' && reading.robots.cut).toBe(true);
  });
});
