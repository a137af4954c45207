/**
 * A double-ended queue on a ring buffer: O(1) at both ends, however long it grows. A crawl's queue takes every URL
 * its discovery admits (up to max_pages) and hands pages back to its front (a busy host, a stopped crawl); an
 * array's shift() and unshift() move every element, which made a long queue quadratic on the API thread.
 */
export class Deque<T> {
  #items: Array<T | undefined>;
  #head = 0;
  #size = 0;

  constructor(items: Iterable<T> = []) {
    this.#items = new Array<T | undefined>(16);
    for (const item of items) this.push(item);
  }

  get length(): number {
    return this.#size;
  }

  /** The first item, or undefined when empty. */
  get first(): T | undefined {
    return this.#size ? this.#items[this.#head] : undefined;
  }

  push(item: T): void {
    if (this.#size === this.#items.length) this.#grow();
    this.#items[(this.#head + this.#size) % this.#items.length] = item;
    this.#size++;
  }

  unshift(item: T): void {
    if (this.#size === this.#items.length) this.#grow();
    this.#head = (this.#head - 1 + this.#items.length) % this.#items.length;
    this.#items[this.#head] = item;
    this.#size++;
  }

  shift(): T | undefined {
    if (!this.#size) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#items.length;
    this.#size--;
    return item;
  }

  /** Moves the first item `matches` accepts to the front; false when none does. One pass. */
  moveToFront(matches: (item: T) => boolean): boolean {
    for (let i = 0; i < this.#size; i++) {
      const at = (this.#head + i) % this.#items.length;
      const item = this.#items[at] as T;
      if (!matches(item)) continue;
      for (let j = i; j > 0; j--) {
        this.#items[(this.#head + j) % this.#items.length] = this.#items[(this.#head + j - 1) % this.#items.length];
      }
      this.#items[this.#head] = item;
      return true;
    }
    return false;
  }

  #grow(): void {
    const grown = new Array<T | undefined>(this.#items.length * 2);
    for (let i = 0; i < this.#size; i++) grown[i] = this.#items[(this.#head + i) % this.#items.length];
    this.#items = grown;
    this.#head = 0;
  }
}
