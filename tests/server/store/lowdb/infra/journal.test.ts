import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../../server/store/lowdb/infra/journal.js';

const parse = (v: unknown) => (typeof v === 'object' && v !== null && 'n' in v ? (v as { n: number }) : null);

describe('Journal', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-journal-'));
    file = path.join(dir, 'audits.journal');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends one line per record and reads them back in order', async () => {
    const { journal } = await Journal.open(file, parse);
    await Promise.all(Array.from({ length: 20 }, (_, n) => journal.append(JSON.stringify({ n }))));
    await journal.close();
    const { journal: again, entries, dropped } = await Journal.open(file, parse);
    await again.close();
    expect(entries.map((e) => e.value.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(dropped).toBe(0);
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(21);
  });

  it('drops a torn last line (a crash mid-append), cuts it off, and appends cleanly after it', async () => {
    const { journal } = await Journal.open(file, parse);
    await journal.append(JSON.stringify({ n: 1 }));
    await journal.append(JSON.stringify({ n: 2 }));
    await journal.close();
    await appendFile(file, '{"n":3, "half'); // the bytes a crash left of the third append
    const sizeWithTear = (await stat(file)).size;

    const reopened = await Journal.open(file, parse);
    expect(reopened.entries.map((e) => e.value)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(reopened.dropped).toBe(1);
    expect(reopened.damaged).toBe(0); // an interrupted append, not damage
    expect((await stat(file)).size).toBeLessThan(sizeWithTear);
    await reopened.journal.append(JSON.stringify({ n: 4 }));
    await reopened.journal.close();

    const last = await Journal.open(file, parse);
    await last.journal.close();
    expect(last.entries.map((e) => e.value)).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
    expect(last.dropped).toBe(0);
  });

  it('skips a damaged line in the middle and keeps the rest', async () => {
    await appendFile(file, '{"n":1}\n\u0000\u0000garbage\n{"n":2}\n{"other":true}\n');
    const { journal, entries, dropped, damaged } = await Journal.open(file, parse);
    await journal.close();
    expect(entries.map((e) => e.value)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(dropped).toBe(2);
    expect(damaged).toBe(2);
  });

  it('refuses appends after close', async () => {
    const { journal } = await Journal.open(file, parse);
    await journal.close();
    await expect(journal.append(JSON.stringify({ n: 1 }))).rejects.toThrow(/closed/);
  });
});
