import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../../../../server/store/lowdb/infra/journal.js';

describe('the citations journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-journal-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const open = (file = path.join(dir, 'j.journal')) => Journal.open(file, (v) => v as { n: number });

  it('reads each line back by its place, also after a reopen', async () => {
    const { journal } = await open();
    const places = await Promise.all([1, 2, 3].map((n) => journal.append({ n })));
    expect(await journal.read(places[1]!.offset, places[1]!.length)).toEqual({ n: 2 });
    await journal.close();
    const again = await open();
    expect(again.entries.map((e) => e.value)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(again.entries.map(({ offset, length }) => ({ offset, length }))).toEqual(places);
    await again.journal.close();
  });

  it('writes an append made the moment another one resolves (none waits forever)', async () => {
    const { journal } = await open();
    const chained = journal.append({ n: 1 }).then(() => journal.append({ n: 2 }).then(() => journal.append({ n: 3 })));
    await chained;
    await journal.close();
    expect((await readFile(path.join(dir, 'j.journal'), 'utf8')).trim().split('\n')).toHaveLength(3);
  });

  it('refuses appends once closed', async () => {
    const { journal } = await open();
    await journal.close();
    await expect(journal.append({ n: 1 })).rejects.toThrow(/closed/);
  });
});
