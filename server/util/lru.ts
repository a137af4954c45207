/** Recently read audit bytes, bounded by their total size: lru-cache, or nothing at all when the bound is 0 (the default). */
import { LRUCache } from 'lru-cache';

export interface BufferCache {
  get(key: string): Buffer | undefined;
  /** A value larger than the whole bound is not kept. */
  set(key: string, value: Buffer): void;
}

const NO_CACHE: BufferCache = { get: () => undefined, set: () => undefined };

export function createBufferCache(maxBytes: number): BufferCache {
  if (maxBytes <= 0) return NO_CACHE;
  const cache = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, value.length) });
  return {
    get: (key) => cache.get(key),
    set: (key, value) => void cache.set(key, value),
  };
}
