// Function and file sizes in the shipped code (server/, shared/, extension/). ESLint reports them as warnings
// (eslint.config.js); this test turns the limits into a build failure: no function over 80 lines, at most ten
// over 60, no file over 400 (blank lines and comments not counted).
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const MAX_FUNCTION_LINES = 80;
const SOFT_FUNCTION_LINES = 60;
const MAX_FUNCTIONS_OVER_SOFT = 10;

interface Oversize {
  where: string;
  lines: number;
}

async function oversized(ruleId: string): Promise<Oversize[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const results = await eslint.lintFiles(['server', 'shared', 'extension']);
  const found: Oversize[] = [];
  for (const result of results) {
    for (const message of result.messages) {
      if (message.ruleId !== ruleId) continue;
      const lines = Number(/\((\d+)\)/.exec(message.message)?.[1]);
      found.push({ where: `${result.filePath.replace(`${process.cwd()}/`, '')}:${message.line}`, lines });
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

describe('sizes of the shipped code', () => {
  it(`no function is longer than ${MAX_FUNCTION_LINES} lines, at most ${MAX_FUNCTIONS_OVER_SOFT} longer than ${SOFT_FUNCTION_LINES}`, async () => {
    const long = await oversized('max-lines-per-function');
    expect(long.every((f) => Number.isFinite(f.lines))).toBe(true);
    expect(long.filter((f) => f.lines > MAX_FUNCTION_LINES)).toEqual([]);
    expect(long.length, long.map((f) => `${f.where} (${f.lines})`).join('\n')).toBeLessThanOrEqual(MAX_FUNCTIONS_OVER_SOFT);
  }, 120_000);

  it('no file is longer than 400 lines of code', async () => {
    expect(await oversized('max-lines')).toEqual([]);
  }, 120_000);
});
