import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../../shared/robots/parse.js';
import { robotsVerdictFor } from '../../../shared/robots/verdict.js';

const allowed = (txt: string, agent: string, path: string) => robotsVerdictFor(parseRobotsTxt(txt), agent, path).allowed;

describe('RFC 9309 section 5.1 example', () => {
  const txt = [
    'User-Agent: *',
    'Disallow: *.gif$',
    'Disallow: /example/',
    'Allow: /publications/',
    '',
    'User-Agent: foobot',
    'Disallow:/',
    'Allow:/example/page.html',
    'Allow:/example/allowed.gif',
    '',
    'User-Agent: barbot',
    'User-Agent: bazbot',
    'Disallow: /example/page.html',
    '',
    'User-Agent: quxbot',
    '',
    'EOF',
  ].join('\n');

  it.each([
    ['foobot', '/', false],
    ['foobot', '/example/page.html', true],
    ['foobot', '/example/allowed.gif', true],
    ['foobot', '/example/disallowed.gif', false],
    ['barbot', '/example/page.html', false],
    ['bazbot', '/example/page.html', false],
    ['barbot', '/example/other.html', true],
    ['quxbot', '/anything', true],
    ['otherbot', '/example/x', false],
    ['otherbot', '/image.gif', false],
    ['otherbot', '/publications/a', true],
    ['otherbot', '/', true],
  ])('%s on %s -> allowed %s', (agent, path, expected) => {
    expect(allowed(txt, agent, path)).toBe(expected);
  });
});

describe('RFC 9309 section 5.2: longest match', () => {
  it('lets the longer Disallow beat the shorter Allow', () => {
    const txt = 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n';
    expect(allowed(txt, 'foobot', '/example/page/disallowed.gif')).toBe(false);
    expect(allowed(txt, 'foobot', '/example/page/other.gif')).toBe(true);
  });

  it('lets the longer Allow beat a shorter Disallow, wildcards counted as written', () => {
    const txt = 'User-agent: *\nDisallow: /\nAllow: /*.html\n';
    expect(allowed(txt, 'x', '/page.html')).toBe(true);
    expect(allowed(txt, 'x', '/page.pdf')).toBe(false);
  });

  it('prefers Allow when an Allow and a Disallow are equally long', () => {
    expect(allowed('User-agent: *\nDisallow: /page\nAllow: /page\n', 'x', '/page')).toBe(true);
    expect(allowed('User-agent: *\nAllow: /page*\nDisallow: /page/\n', 'x', '/page/a')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /page$\nAllow: /page\n', 'x', '/page')).toBe(false);
  });
});

describe('group selection', () => {
  it('gives an agent with its own Allow group access even when * disallows everything', () => {
    const txt = 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n';
    expect(allowed(txt, 'GPTBot', '/blog/post')).toBe(true);
    expect(allowed(txt, 'ClaudeBot', '/blog/post')).toBe(false);
  });

  it('uses the specific group even when it has no matching rule (no fallback to *)', () => {
    const txt = 'User-agent: GPTBot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n';
    expect(allowed(txt, 'GPTBot', '/public')).toBe(true);
    expect(robotsVerdictFor(parseRobotsTxt(txt), 'GPTBot', '/public').via).toBe('gptbot');
  });

  it('merges every group naming the same product token', () => {
    const txt = 'User-agent: GPTBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nuser-agent: gptbot\nDisallow: /b\n';
    expect(allowed(txt, 'GPTBot', '/a')).toBe(false);
    expect(allowed(txt, 'GPTBot', '/b')).toBe(false);
    expect(allowed(txt, 'GPTBot', '/c')).toBe(true);
  });

  it('merges the * groups too', () => {
    const txt = 'User-agent: *\nDisallow: /a\n\nUser-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /b\n';
    expect(allowed(txt, 'x', '/a')).toBe(false);
    expect(allowed(txt, 'x', '/b')).toBe(false);
    expect(allowed(txt, 'x', '/c')).toBe(true);
  });

  it('shares rules between a user-agent run separated only by a blank line', () => {
    const txt = 'User-agent: GPTBot\n\nUser-agent: *\nDisallow: /\n';
    expect(allowed(txt, 'GPTBot', '/')).toBe(false);
  });

  it('matches product tokens case-insensitively and exactly', () => {
    const txt = 'User-agent: googlebot-image\nDisallow: /\n\nUser-agent: CLAUDEBOT\nDisallow: /\n';
    expect(allowed(txt, 'Googlebot', '/')).toBe(true);
    expect(allowed(txt, 'ClaudeBot', '/')).toBe(false);
    expect(allowed(txt, 'Claude', '/')).toBe(true);
  });

  it('allows everything when no group applies', () => {
    expect(allowed('User-agent: other\nDisallow: /\n', 'GPTBot', '/')).toBe(true);
    expect(allowed('', 'GPTBot', '/')).toBe(true);
  });
});

describe('Applebot falls back to the Googlebot group', () => {
  const txt = 'User-agent: Googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n';

  it('obeys Googlebot rules when robots.txt has no Applebot group', () => {
    expect(allowed(txt, 'Applebot', '/public')).toBe(true);
    expect(allowed(txt, 'Applebot', '/private/x')).toBe(false);
    expect(robotsVerdictFor(parseRobotsTxt(txt), 'Applebot', '/public').via).toBe('googlebot');
  });

  it('prefers its own group when there is one', () => {
    expect(allowed(`${txt}\nUser-agent: Applebot\nDisallow: /public\n`, 'Applebot', '/public')).toBe(false);
  });

  it('uses * when neither Applebot nor Googlebot is named', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', 'Applebot', '/')).toBe(false);
  });

  it('does not apply to Applebot-Extended', () => {
    expect(allowed(txt, 'Applebot-Extended', '/public')).toBe(false);
  });
});

describe('paths', () => {
  it('always allows /robots.txt', () => {
    expect(allowed('User-agent: *\nDisallow: /\n', 'x', '/robots.txt')).toBe(true);
  });

  it('compares paths case-sensitively', () => {
    const txt = 'User-agent: *\nDisallow: /Private\n';
    expect(allowed(txt, 'x', '/Private/a')).toBe(false);
    expect(allowed(txt, 'x', '/private/a')).toBe(true);
  });

  it('matches percent-encoded and raw forms alike', () => {
    expect(allowed('User-agent: *\nDisallow: /foo/bar/ツ\n', 'x', '/foo/bar/%E3%83%84')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /foo/bar/%E3%83%84\n', 'x', '/foo/bar/ツ')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /foo/bar/%62%61%7A\n', 'x', '/foo/bar/baz')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /a%2Fb\n', 'x', '/a/b')).toBe(true);
  });

  it('honours $ anchors and * wildcards, query included', () => {
    const txt = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?sessionid=\n';
    expect(allowed(txt, 'x', '/docs/a.pdf')).toBe(false);
    expect(allowed(txt, 'x', '/docs/a.pdf?download=1')).toBe(true);
    expect(allowed(txt, 'x', '/shop?sessionid=42')).toBe(false);
    expect(allowed(txt, 'x', '/shop?page=2')).toBe(true);
  });

  it('matches a literal $ written as %24', () => {
    expect(allowed('User-agent: *\nDisallow: /price-%24\n', 'x', '/price-%24')).toBe(false);
  });

  it('reports the deciding rule', () => {
    const decision = robotsVerdictFor(parseRobotsTxt('User-agent: *\nDisallow: /\nDisallow: /blog/\n'), 'x', '/blog/post');
    expect(decision.rule).toMatchObject({ raw: '/blog/', line: 3, allow: false });
  });
});
