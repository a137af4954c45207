import { describe, expect, it } from 'vitest';
import { specialUseMessage, specialUseName } from '../../../server/net/special-use-names.js';

describe('specialUseName', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost.', 'localhost'],
    ['localhost..', 'localhost'],
    ['LocalHost', 'localhost'],
    ['foo.localhost', 'localhost'],
    ['a.b.localhost.', 'localhost'],
    ['printer.local', 'local'],
    ['local', 'local'],
    ['db.internal', 'internal'],
    ['router.home.arpa', 'home.arpa'],
    ['resolver.arpa', 'resolver.arpa'],
    ['shop.test', 'test'],
    ['nowhere.invalid', 'invalid'],
    ['docs.example', 'example'],
    ['duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion', 'onion'],
    ['name.alt', 'alt'],
  ])('%s falls under .%s', (name, suffix) => {
    expect(specialUseName(name)?.suffix).toBe(suffix);
  });

  it.each([
    'example.com', // registered special-use, yet it resolves publicly
    'example.org',
    'localhost.com',
    'mylocalhost',
    'local.example.com',
    'internal.example.com',
    'testing',
    'test.com',
    'arpa',
    'in-addr.arpa',
    'xn--localhost-9za.com',
  ])('%s is an ordinary name', (name) => {
    expect(specialUseName(name)).toBeNull();
  });

  it('names the host, the suffix and where it is reserved', () => {
    expect(specialUseMessage('foo.localhost', specialUseName('foo.localhost')!)).toBe(
      'foo.localhost is a special-use name that never resolves on the public internet (.localhost, RFC 6761)',
    );
  });
});
