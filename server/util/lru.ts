/** A least-recently-used cache of strings bounded by their total length (a Map keeps insertion order). */
export class StringLru {
  readonly #entries = new Map<string, string>();
  #chars = 0;

  constructor(private readonly maxChars: number) {}

  get(key: string): string | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxChars) return;
    this.delete(key);
    this.#entries.set(key, value);
    this.#chars += value.length;
    for (const [oldest, old] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= old.length;
    }
  }

  delete(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#chars -= value.length;
  }

  get size(): number {
    return this.#entries.size;
  }
}
