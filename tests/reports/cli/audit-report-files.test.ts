/** `citable audit <url> --html FILE --pdf FILE`: the client report written beside the terminal report. */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../server/cli/main.js';
import { startFixtureSite, type FixtureSite } from '../../helpers/fixture-server.js';
import { memoryIo } from '../../cli/cli-io.js';
import { ARTICLE_PATH, goodArticleSite } from '../../fixtures/sites/good-article.js';
import { CHROMIUM } from '../helpers/chromium.js';
import { pdfText } from '../helpers/pdf-text.js';

let site: FixtureSite;
let dir: string;
const ENV = { AUDIT_ALLOW_PRIVATE: '1', CHROMIUM_PATH: CHROMIUM };

beforeAll(async () => {
  site = await startFixtureSite(goodArticleSite);
  dir = await mkdtemp(path.join(os.tmpdir(), 'citable-report-files-'));
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

async function audit(args: string[], env: Record<string, string> = ENV) {
  const io = memoryIo(env);
  const code = await main(['audit', `${site.url}${ARTICLE_PATH}`, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable audit --html / --pdf', () => {
  it('writes both files; the terminal report and --json stay as they were', async () => {
    const html = path.join(dir, 'report.html');
    const pdf = path.join(dir, 'report.pdf');
    const { code, out, err } = await audit(['--json', '--html', html, '--pdf', pdf]);
    expect(code).toBe(0);
    const printed = JSON.parse(out);
    expect(err).toBe(`Report written to ${html}\nPDF report written to ${pdf}\n`);
    const page = await readFile(html, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain(`aria-label="Score ${printed.score} out of 100"`);
    expect(page).toContain(printed.id);
    expect(page).not.toMatch(/<script|<link /);
    const { text } = await pdfText(await readFile(pdf));
    expect(text).toMatch(new RegExp(`\\b${printed.score}\\s*out of 100`));
  });

  it('without Chromium: exit 2 naming CHROMIUM_PATH, after the audit and the HTML file', async () => {
    const html = path.join(dir, 'only.html');
    const { code, out, err } = await audit(['--html', html, '--pdf', path.join(dir, 'never.pdf')], {
      ...ENV,
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    expect(code).toBe(2);
    expect(out).toMatch(/Score\s+\d+\/100/);
    expect(err).toContain('CHROMIUM_PATH (/nonexistent/chromium)');
    expect(await readFile(html, 'utf8')).toContain('<!doctype html>');
    expect(await readdir(dir)).not.toContain('never.pdf');
  });

  it('a file that cannot be written: exit 2 with the reason, nothing half-written', async () => {
    const { code, err } = await audit(['--html', path.join(dir, 'missing-dir', 'r.html')]);
    expect(code).toBe(2);
    expect(err).toMatch(/cannot write .*r\.html: ENOENT/);
  });

  it('--html needs a value', async () => {
    const { code, err } = await audit(['--html']);
    expect(code).toBe(2);
    expect(err).toContain('--html needs a value');
  });

  it('--lang writes the files in that language, the PDF footer too; an unknown one is a usage error before the audit', async () => {
    const html = path.join(dir, 'bericht.html');
    const pdf = path.join(dir, 'bericht.pdf');
    const { code } = await audit(['--html', html, '--pdf', pdf, '--lang', 'de-DE']);
    expect(code).toBe(0);
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('KI-Sichtbarkeitsbericht');
    const { text, pages } = await pdfText(await readFile(pdf));
    expect(text).toContain('Punktzahlen nach Kategorie');
    expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
    const wrong = await audit(['--html', path.join(dir, 'x.html'), '--lang', 'pt']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--lang takes one of en, de, fr, es, got "pt".');
    expect(wrong.out).toBe('');
  });
});
