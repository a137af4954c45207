/**
 * Lets maintenance (an account's deletion, the retention pass) have a resource of the embedded store to
 * itself while the server runs: every operation on the resource passes the gate as `shared` (any number at
 * once); `exclusive` waits for those running to finish, holds new ones back while its work runs (files
 * closed, rewritten, reopened), then lets them through. Operations do not wait when no maintenance runs.
 */
export class Gate {
  #active = 0;
  #closed: Promise<void> | null = null;
  #drained: (() => void) | null = null;

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.#closed) await this.#closed;
    this.#active++;
    try {
      return await work();
    } finally {
      this.#active--;
      if (this.#active === 0) this.#drained?.();
    }
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (this.#closed) await this.#closed;
    let open!: () => void;
    this.#closed = new Promise<void>((resolve) => (open = resolve));
    try {
      if (this.#active > 0) await new Promise<void>((resolve) => (this.#drained = resolve));
      this.#drained = null;
      return await work();
    } finally {
      this.#closed = null;
      open();
    }
  }
}

/**
 * A stable object for a sub-store that may be closed and reopened under it: each method call passes the
 * gate and goes to the instance `current()` gives at that moment. Callers may keep it for as long as they
 * like (a crawl coordinator does).
 */
export function gatedStore<T extends object>(gate: Gate, current: () => Promise<T>): T {
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as T, {
    get(_target, property) {
      // Not a thenable: an async function returning this must not treat it as a promise.
      if (typeof property !== 'string' || property === 'then') return undefined;
      let method = methods.get(property);
      if (!method) {
        method = (...args: unknown[]) =>
          gate.shared(async () => {
            const store = (await current()) as Record<string, (...a: unknown[]) => Promise<unknown>>;
            return store[property]!(...args);
          });
        methods.set(property, method);
      }
      return method;
    },
  });
}
