/**
 * The agent a user agent names, remembered by its bytes: a log repeats the same few thousand user agents, so
 * each is decoded and matched once (agent-matcher.ts) and afterwards found by a hash of its bytes and one
 * comparison, with no string made. The table and its byte arena have fixed sizes; when either fills up it starts
 * over, so memory stays flat on any input.
 */
import { OTHER_BOT, type AgentMatcher } from '../agents/agent-matcher.js';
import { fieldText } from '../parse/combined.js';

const SLOTS = 1 << 14;
const MAX_ENTRIES = SLOTS >> 1;
const ARENA_BYTES = 2 << 20;
/** Longer user agents are matched every time rather than remembered. */
const MAX_KEY = 2048;

export class UaCache {
  private readonly hashes = new Int32Array(SLOTS);
  private readonly offsets = new Int32Array(SLOTS).fill(-1);
  private readonly lengths = new Int32Array(SLOTS);
  private readonly results = new Int32Array(SLOTS);
  private readonly texts: (string | undefined)[] = new Array(SLOTS);
  private readonly arena = new Uint8Array(ARENA_BYTES);
  private used = 0;
  private entries = 0;
  /** The text of the last user agent classified as OTHER_BOT (what the report lists). */
  lastText = '';

  constructor(private readonly matcher: AgentMatcher) {}

  classify(b: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let h = 0x811c9dc5 ^ length;
    for (let i = start; i < end; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    let slot = h & (SLOTS - 1);
    for (;;) {
      const offset = this.offsets[slot]!;
      if (offset < 0) break;
      if (this.hashes[slot] === h && this.lengths[slot] === length && this.same(b, start, offset, length)) {
        const result = this.results[slot]!;
        if (result === OTHER_BOT) this.lastText = this.texts[slot]!;
        return result;
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    const text = fieldText(b, start, end);
    const result = this.matcher.match(text);
    this.lastText = text;
    if (length <= MAX_KEY) this.remember(slot, h, b, start, length, result, text);
    return result;
  }

  private same(b: Uint8Array, start: number, offset: number, length: number): boolean {
    const arena = this.arena;
    for (let i = 0; i < length; i++) if (arena[offset + i] !== b[start + i]) return false;
    return true;
  }

  private remember(slot: number, h: number, b: Uint8Array, start: number, length: number, result: number, text: string): void {
    if (this.entries >= MAX_ENTRIES || this.used + length > ARENA_BYTES) {
      this.offsets.fill(-1);
      this.texts.fill(undefined);
      this.used = 0;
      this.entries = 0;
      let s = h & (SLOTS - 1);
      while (this.offsets[s]! >= 0) s = (s + 1) & (SLOTS - 1);
      slot = s;
    }
    this.arena.set(b.subarray(start, start + length), this.used);
    this.hashes[slot] = h;
    this.offsets[slot] = this.used;
    this.lengths[slot] = length;
    this.results[slot] = result;
    this.texts[slot] = result === OTHER_BOT ? text : undefined;
    this.used += length;
    this.entries++;
  }
}
