/** A least-recently-used cache of byte buffers bounded by their total size (a Map keeps insertion order). */
export class BufferLru {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    this.delete(key);
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.length;
    }
  }

  delete(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= value.length;
  }

  get size(): number {
    return this.#entries.size;
  }
}
