import { describe, expect, it } from 'vitest';
import { createBufferCache } from '../../../server/util/lru.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('the audit read cache (AUDIT_CACHE_MB)', () => {
  it('keeps values up to its byte bound and drops the least recently read first', () => {
    const cache = createBufferCache(100);
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    expect(cache.get('a')?.length).toBe(40); // a is now the most recent
    cache.set('c', bytes(40)); // 120 bytes: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(40);
    expect(cache.get('c')?.length).toBe(40);
  });

  it('never keeps a value larger than the whole bound', () => {
    const cache = createBufferCache(100);
    cache.set('big', bytes(101));
    expect(cache.get('big')).toBeUndefined();
  });

  it('keeps nothing with a bound of 0 (the default: the OS page cache does the job)', () => {
    const cache = createBufferCache(0);
    cache.set('a', bytes(1));
    expect(cache.get('a')).toBeUndefined();
  });
});
