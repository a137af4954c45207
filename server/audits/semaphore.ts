/** Bounds how many audits run at once; a bounded number wait in line, beyond that `acquire` refuses. */
export class Semaphore {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  /** When each waiter began waiting (performance.now()), in line order. */
  readonly #since: number[] = [];

  constructor(
    readonly capacity: number,
    readonly queueLimit: number,
  ) {}

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Milliseconds the first in line has waited; 0 when none waits. */
  oldestWaitMs(): number {
    const first = this.#since[0];
    return first === undefined ? 0 : performance.now() - first;
  }

  /**
   * Resolves with a release function once a slot is free; null when the line is full. `beyondLine`: wait even
   * when it is (a crawl's pages, which bound themselves, must not be refused because interactive audits queue).
   */
  async acquire(beyondLine = false): Promise<(() => void) | null> {
    if (this.#running >= this.capacity) {
      if (!beyondLine && this.#waiting.length >= this.queueLimit) return null;
      this.#since.push(performance.now());
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      this.#since.shift();
      if (next)
        next(); // the slot passes straight to the next in line
      else this.#running--;
    };
  }
}
