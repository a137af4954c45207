import { afterEach, describe, expect, it, vi } from 'vitest';
import { installRecorder } from '../../extension/lib/probe/install-recorder.js';

const KEY = 'test.recorder';
const doc = document as unknown as Record<string, unknown>;

afterEach(() => {
  delete doc.modelContext;
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for(KEY)];
  vi.useRealTimers();
});

describe('installRecorder (deep probe)', () => {
  it('records registrations on a polyfill that appears later, and still calls it with the same result', async () => {
    vi.useFakeTimers();
    installRecorder(KEY);
    const original = vi.fn(async () => 'registered');
    doc.modelContext = { registerTool: original };
    vi.advanceTimersByTime(60); // the recorder looks again shortly after start
    const mc = doc.modelContext as { registerTool: (t: unknown) => Promise<string> };
    const result = await mc.registerTool({ name: 'book_tasting', description: 'Book' });
    expect(result).toBe('registered');
    expect(original).toHaveBeenCalledWith({ name: 'book_tasting', description: 'Book' });
    expect(mc.registerTool.name).toBe(original.name); // same shape for feature checks
    const records = (window as unknown as Record<symbol, unknown>)[Symbol.for(KEY)] as Array<{ name: string; stack: string[] }>;
    expect(records.map((r) => r.name)).toEqual(['book_tasting']);
    expect(Array.isArray(records[0]!.stack)).toBe(true);
  });

  it('records every tool passed to legacy provideContext', () => {
    vi.useFakeTimers();
    installRecorder(KEY);
    doc.modelContext = { provideContext: () => undefined };
    vi.advanceTimersByTime(60);
    (doc.modelContext as { provideContext: (c: unknown) => void }).provideContext({ tools: [{ name: 'x' }, { name: 'y' }] });
    const records = (window as unknown as Record<symbol, unknown>)[Symbol.for(KEY)] as Array<{ name: string }>;
    expect(records.map((r) => r.name)).toEqual(['x', 'y']);
  });

  it('installs once per page', () => {
    installRecorder(KEY);
    const first = (window as unknown as Record<symbol, unknown>)[Symbol.for(KEY)];
    installRecorder(KEY);
    expect((window as unknown as Record<symbol, unknown>)[Symbol.for(KEY)]).toBe(first);
  });
});
