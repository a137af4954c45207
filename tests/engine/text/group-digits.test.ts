import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../../shared/text/group-digits.js';

describe('groupDigits', () => {
  it('writes whole numbers as toLocaleString("en") does', () => {
    const samples = [0, 7, 42, 999, 1_000, 9_999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 50_000, 123_456_789];
    for (const n of [...samples, ...samples.map((s) => -s), Number.MAX_SAFE_INTEGER, 2 ** 31]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en'));
    }
  });

  it('leaves fractions and non-finite numbers to Intl', () => {
    for (const n of [1234.5, -0.25, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) expect(groupDigits(n)).toBe(n.toLocaleString('en'));
  });
});
