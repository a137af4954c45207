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
 * While it parses, the parser's two stacks are replaced by lists that answer the reads it makes then
 * (`length`, `[0]` the innermost, `shift`, `unshift`, `indexOf`, `length = 0`) from an outermost-first
 * array with push/pop: plain getters and methods, which V8 inlines (a Proxy cost a third of the parse).
 * `indexOf` is O(1) for a name that is not open and otherwise O(distance from the innermost), paid
 * back by the pops that always follow it. `end` reads the stack at every index, so it gets ordinary
 * arrays back first (it runs once, over the few elements still open); `reset` installs the lists again.
 * Events are the same as the stock parser's (tested).
 */
export function createHtmlParser(handler: Partial<Handler>, options: ParserOptions): Parser {
  const parser = new Parser(handler, options);
  const internals = parser as unknown as { stack: unknown; foreignContext: unknown };
  if (!Array.isArray(internals.stack) || !Array.isArray(internals.foreignContext)) {
    throw new Error(
      'htmlparser2 no longer has the stack and foreignContext arrays createHtmlParser replaces: review shared/facts/html-parser.ts',
    );
  }
  const install = () => {
    internals.stack = InnermostFirst.from(internals.stack as string[]);
    internals.foreignContext = InnermostFirst.from(internals.foreignContext as boolean[]);
  };
  const uninstall = () => {
    if (internals.stack instanceof InnermostFirst) internals.stack = internals.stack.toArray();
    if (internals.foreignContext instanceof InnermostFirst) internals.foreignContext = internals.foreignContext.toArray();
  };
  const end = parser.end.bind(parser);
  const reset = parser.reset.bind(parser);
  parser.end = (chunk?: string) => {
    if (chunk) parser.write(chunk);
    uninstall();
    end();
  };
  parser.reset = () => {
    uninstall();
    reset();
    install();
  };
  install();
  return parser;
}

/** The parser's view of a stack: index 0 is the innermost. Stored outermost first. */
class InnermostFirst<T> {
  readonly #items: T[] = [];
  readonly #open = new Map<T, number>();

  static from<T>(innermostFirst: readonly T[]): InnermostFirst<T> {
    const list = new InnermostFirst<T>();
    for (let i = innermostFirst.length - 1; i >= 0; i--) list.unshift(innermostFirst[i]!);
    return list;
  }

  get 0(): T | undefined {
    return this.#items[this.#items.length - 1];
  }

  get length(): number {
    return this.#items.length;
  }

  set length(value: number) {
    if (value !== 0)
      throw new Error(
        `htmlparser2 changed its tag stack in a way createHtmlParser does not support (length = ${value}): review shared/facts/html-parser.ts`,
      );
    this.#items.length = 0;
    this.#open.clear();
  }

  unshift(value: T): number {
    this.#items.push(value);
    this.#open.set(value, (this.#open.get(value) ?? 0) + 1);
    return this.#items.length;
  }

  shift(): T | undefined {
    if (this.#items.length === 0) return undefined;
    const value = this.#items.pop() as T;
    this.#open.set(value, this.#open.get(value)! - 1);
    return value;
  }

  indexOf(value: T): number {
    if (!this.#open.get(value)) return -1;
    const last = this.#items.length - 1;
    for (let i = last; i >= 0; i--) if (this.#items[i] === value) return last - i;
    return -1;
  }

  /** An ordinary innermost-first array of the same elements. */
  toArray(): T[] {
    return [...this.#items].reverse();
  }
}
