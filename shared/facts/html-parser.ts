import { Parser, type Handler, type ParserOptions } from 'htmlparser2';

/**
 * An htmlparser2 Parser whose open-element stack costs O(1) per tag whatever the nesting depth.
 *
 * htmlparser2 (10.1) keeps that stack innermost-first in an array maintained with `unshift` and
 * `shift`, both O(depth), and looks a closing tag up with `indexOf`, also O(depth). A page of 100,000
 * nested `<div>`s (500 KB) then costs about 10^10 element moves, seconds of synchronous work per
 * parse; a 1 MB page of them, or of stray end tags such as `</span>`, minutes. Nothing asynchronous
 * (the audit deadline, the server's other requests) can run meanwhile. Upstream: fb55/htmlparser2#2481.
 *
 * The parser's two stacks are replaced by lists that answer the same reads (`length`, `[i]` counted
 * from the innermost, `shift`, `unshift`, `indexOf`, `length = 0`) from an outermost-first array with
 * push/pop. `indexOf` is O(1) for a name that is not open and otherwise O(distance from the innermost),
 * paid back by the pops that always follow it. Events are the same as the stock parser's (tested).
 */
export function createHtmlParser(handler: Partial<Handler>, options: ParserOptions): Parser {
  const parser = new Parser(handler, options);
  const internals = parser as unknown as { stack: unknown; foreignContext: unknown };
  if (!Array.isArray(internals.stack) || !Array.isArray(internals.foreignContext)) {
    throw new Error('htmlparser2 no longer has the stack and foreignContext arrays createHtmlParser replaces: review shared/facts/html-parser.ts');
  }
  const stack = innermostFirstList<string>();
  for (const name of [...(internals.stack as string[])].reverse()) stack.unshift(name);
  const foreignContext = innermostFirstList<boolean>();
  for (const flag of [...(internals.foreignContext as boolean[])].reverse()) foreignContext.unshift(flag);
  internals.stack = stack;
  internals.foreignContext = foreignContext;
  return parser;
}

class InnermostFirst<T> {
  /** Outermost first: the innermost is at the end, where push and pop cost O(1). */
  readonly items: T[] = [];
  readonly #open = new Map<T, number>();

  at(index: number): T | undefined {
    return this.items[this.items.length - 1 - index];
  }

  unshift(value: T): number {
    this.items.push(value);
    this.#open.set(value, (this.#open.get(value) ?? 0) + 1);
    return this.items.length;
  }

  shift(): T | undefined {
    if (this.items.length === 0) return undefined;
    const value = this.items.pop() as T;
    this.#open.set(value, this.#open.get(value)! - 1);
    return value;
  }

  indexOf(value: T): number {
    if (!this.#open.get(value)) return -1;
    const last = this.items.length - 1;
    for (let i = last; i >= 0; i--) if (this.items[i] === value) return last - i;
    return -1;
  }

  clear(): void {
    this.items.length = 0;
    this.#open.clear();
  }
}

/** An array look-alike for the parser: only the operations it performs, each refusing anything else loudly. */
function innermostFirstList<T>(): T[] {
  const list = new InnermostFirst<T>();
  const unshift = (value: T) => list.unshift(value);
  const shift = () => list.shift();
  const indexOf = (value: T) => list.indexOf(value);
  return new Proxy(list, {
    get(_target, prop) {
      if (typeof prop === 'symbol') return undefined;
      const first = prop.charCodeAt(0);
      if (first >= 48 && first <= 57) return list.at(Number(prop));
      switch (prop) {
        case 'length':
          return list.items.length;
        case 'unshift':
          return unshift;
        case 'shift':
          return shift;
        case 'indexOf':
          return indexOf;
        default:
          throw new Error(`htmlparser2 used its tag stack in a way createHtmlParser does not support (${prop}): review shared/facts/html-parser.ts`);
      }
    },
    set(_target, prop, value) {
      if (prop === 'length' && value === 0) {
        list.clear();
        return true;
      }
      throw new Error(`htmlparser2 changed its tag stack in a way createHtmlParser does not support (${String(prop)} = ${String(value)})`);
    },
  }) as unknown as T[];
}
