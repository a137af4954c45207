import { describe, expect, it } from 'vitest';
import { AGENT_RANGES } from '../../shared/logs/agents/agent-classes.js';
import { LOG_AGENTS } from '../../shared/logs/agents/log-agents.js';
import { parseIp, parseIPv4, parseIPv4Bytes, parseIPv6 } from '../../shared/logs/ip/ip-address.js';
import { RangeSet, parsePrefix } from '../../shared/logs/ip/range-set.js';
import { RANGE_SOURCES } from '../../shared/logs/ranges/range-sources.js';
import { RANGES_SNAPSHOT } from '../../shared/logs/ranges/ranges-snapshot.js';
import { Verifier } from '../../shared/logs/ranges/verifier.js';

const index = (agent: string) => LOG_AGENTS.findIndex((a) => a.agent === agent);

describe('addresses', () => {
  it('reads IPv4, refusing what is not an address', () => {
    expect(parseIPv4('66.249.66.1')).toBe(((66 * 256 + 249) * 256 + 66) * 256 + 1);
    expect(parseIPv4('255.255.255.255')).toBe(2 ** 32 - 1);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.', '', 'a.b.c.d']) expect(parseIPv4(bad), bad).toBe(-1);
    const bytes = new TextEncoder().encode('x 10.0.0.1 y');
    expect(parseIPv4Bytes(bytes, 2, 10)).toBe(parseIPv4('10.0.0.1'));
    expect(parseIPv4Bytes(bytes, 0, 10)).toBe(-1);
  });

  it('reads IPv6 in its forms: compressed, full, with an IPv4 tail, a zone or brackets', () => {
    expect(parseIPv6('::')).toBe(0n);
    expect(parseIPv6('::1')).toBe(1n);
    expect(parseIPv6('2001:db8::1')).toBe((0x20010db8n << 96n) | 1n);
    expect(parseIPv6('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe(parseIPv6('2001:db8::1'));
    expect(parseIPv6('[2001:db8::1]')).toBe(parseIPv6('2001:db8::1'));
    expect(parseIPv6('fe80::1%eth0')).toBe(parseIPv6('fe80::1'));
    expect(parseIPv6('64:ff9b::192.0.2.33')).toBe((0x64ff9bn << 96n) | 0xc0000221n);
    for (const bad of ['1::2::3', '12345::', ':1', '1:2:3:4:5:6:7:8:9', 'g::1', '1.2.3.4']) expect(parseIPv6(bad), bad).toBeNull();
  });

  it('takes an IPv4-mapped IPv6 address for the IPv4 address it carries', () => {
    expect(parseIp('::ffff:66.249.66.1')).toEqual({ v: 4, n: parseIPv4('66.249.66.1') });
    expect(parseIp('::ffff:4af9:4201')).toEqual({ v: 4, n: parseIPv4('74.249.66.1') });
    expect(parseIp('2001:4860:4801:10::1')?.v).toBe(6);
    expect(parseIp('-')).toBeNull();
  });
});

describe('range sets', () => {
  it('finds the first and last address of a prefix and nothing just outside', () => {
    const set = new RangeSet(['66.249.64.0/27', '2001:4860:4801:10::/60']);
    expect(set.has(parseIp('66.249.64.0')!)).toBe(true);
    expect(set.has(parseIp('66.249.64.31')!)).toBe(true);
    expect(set.has(parseIp('66.249.64.32')!)).toBe(false);
    expect(set.has(parseIp('66.249.63.255')!)).toBe(false);
    expect(set.has(parseIp('2001:4860:4801:1f:ffff::1')!)).toBe(true);
    expect(set.has(parseIp('2001:4860:4801:20::')!)).toBe(false);
  });

  it('merges overlapping and adjacent prefixes, and ignores what is no prefix', () => {
    const set = new RangeSet(['10.0.0.0/25', '10.0.0.128/25', '10.0.0.0/24', 'nonsense', '1.2.3.4/33']);
    expect(set.size).toBe(1);
    expect(parsePrefix('10.0.0.77/24')).toEqual({ v: 4, start: parseIPv4('10.0.0.0'), end: parseIPv4('10.0.0.255') });
    expect(parsePrefix('1.2.3.4')).toEqual({ v: 4, start: parseIPv4('1.2.3.4'), end: parseIPv4('1.2.3.4') });
  });

  it('looks up by binary search among many ranges', () => {
    const prefixes = Array.from({ length: 5000 }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.0/25`);
    const set = new RangeSet(prefixes);
    expect(set.has(parseIp('10.3.17.100')!)).toBe(true);
    expect(set.has(parseIp('10.3.17.200')!)).toBe(false);
    expect(set.has(parseIp('9.255.255.255')!)).toBe(false);
  });
});

describe('the ranges snapshot and verification', () => {
  it('has an entry for every published source, dated when it has prefixes, and every agent range names a source', () => {
    const ids = RANGE_SOURCES.map((s) => s.id);
    expect(RANGES_SNAPSHOT.sources.map((s) => s.id).sort()).toEqual([...ids].sort());
    for (const s of RANGES_SNAPSHOT.sources) {
      if (s.prefixes.length > 0) expect(s.taken, s.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const p of s.prefixes) expect(parsePrefix(p), `${s.id} ${p}`).not.toBeNull();
    }
    for (const sources of Object.values(AGENT_RANGES)) for (const id of sources) expect(ids).toContain(id);
  });

  it('verified inside, spoofed outside, unverified without published ranges', () => {
    const v = new Verifier(LOG_AGENTS, RANGES_SNAPSHOT.sources);
    expect(v.verify(index('GPTBot'), '20.171.206.12')).toBe('verified');
    expect(v.verify(index('GPTBot'), '203.0.113.5')).toBe('spoofed');
    expect(v.verify(index('Googlebot'), '2001:4860:4801:10::1')).toBe('verified');
    expect(v.verify(index('Googlebot'), '::ffff:66.249.66.1')).toBe('verified');
    expect(v.verify(index('Googlebot'), '2a00:1450::1')).toBe('spoofed');
    expect(v.verify(index('Googlebot'), 'not-an-ip')).toBe('spoofed');
    expect(v.verify(index('ClaudeBot'), '203.0.113.5')).toBe('unverified');
    expect(v.verify(index('DuckAssistBot'), '203.0.113.5')).toBe('unverified');
    expect(v.verifyV4(index('GPTBot'), parseIPv4('20.171.206.12'))).toBe('verified');
  });

  it('uses ranges given to it rather than the snapshot', () => {
    const v = new Verifier(LOG_AGENTS, [{ id: 'openai-gptbot', taken: '2026-09-01', via: 'test', prefixes: ['192.0.2.0/24'] }]);
    expect(v.verify(index('GPTBot'), '192.0.2.9')).toBe('verified');
    expect(v.verify(index('GPTBot'), '20.171.206.12')).toBe('spoofed');
    expect(v.verify(index('Googlebot'), '66.249.66.1')).toBe('unverified');
  });
});
