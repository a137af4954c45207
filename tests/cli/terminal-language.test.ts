/**
 * The terminal report of `citable audit` and `citable crawl` in the `--lang` language, or without it in the language
 * of the terminal's locale (LC_ALL, LC_MESSAGES, LANG): audits and a crawl of loopback sites printed in German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli/main.js';
import { run as crawl } from '../../server/cli/crawl-command.js';
import { environmentLanguage } from '../../server/cli/report-files.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-server.js';
import { startSlowSite } from '../crawls/helpers/small-sites.js';
import type { ServedSite } from '../crawls/helpers/crawl-site.js';
import { memoryIo, samplePage } from './cli-io.js';

const ALLOW = { AUDIT_ALLOW_PRIVATE: '1' };
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({
    '/': { body: samplePage() },
    '/robots.txt': { body: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n', headers: { 'content-type': 'text/plain' } },
  });
});
afterAll(() => site.close());

async function audit(args: string[], env: Record<string, string> = ALLOW) {
  const io = memoryIo(env);
  const code = await main(['audit', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('citable audit in German', () => {
  it('--lang de prints the report in German: headings, categories, rule titles; the advice says it is English', async () => {
    const { code, out } = await audit([site.url, '--lang', 'de']);
    expect(code).toBe(0);
    expect(out).toContain(`Citable-Prüfung von ${site.url}`);
    expect(out).toMatch(/Punktzahl\s+\d+\/100/);
    expect(out).toMatch(/Baukasten\s+Nicht erkannt/);
    expect(out).toMatch(/Geprüft\s+\S+ in \d+,\d s/); // a decimal comma
    expect(out).toContain('Kategorien');
    for (const name of ['Crawler-Zugang', 'Strukturierte Daten', 'Inhaltsstruktur', 'KI-Auffindbarkeit', 'Vertrauen'])
      expect(out).toContain(name);
    expect(out).toMatch(/Probleme \(\d+ /);
    expect(out).toContain('Die Empfehlungen unter den einzelnen Problemen sind auf Englisch verfasst.');
    expect(out).toContain('[Crawler-Zugang · robots.'); // the category beside the rule id
    expect(out).toMatch(/KI-Crawler\n\s+Agent\s+Zweck\s+robots\.txt\s+Seite\s+Betreiber/);
    expect(out).toMatch(/GPTBot\s+Modelltraining\s+gesperrt/);
    expect(out).toMatch(/Agenten-Dateien\s+\d+ nicht gefunden/);
    // None of the English words of the report's frame remain.
    for (const english of [
      'Citable audit of',
      'Categories',
      'Issues (',
      'AI crawlers',
      'Agent files',
      'Builder',
      'Scanned',
      'informational, not scored',
    ])
      expect(out, english).not.toContain(english);
  });

  it('takes the language of the locale when --lang is not given; --lang wins; another language reads English', async () => {
    const german = await audit([site.url], { ...ALLOW, LANG: 'de_DE.UTF-8' });
    expect(german.out).toContain('Citable-Prüfung von');
    const byLcAll = await audit([site.url], { ...ALLOW, LANG: 'en_GB.UTF-8', LC_ALL: 'de_AT.UTF-8' });
    expect(byLcAll.out).toContain('Citable-Prüfung von');
    const asked = await audit([site.url, '--lang', 'en'], { ...ALLOW, LANG: 'de_DE.UTF-8' });
    expect(asked.out).toContain('Citable audit of');
    const japanese = await audit([site.url], { ...ALLOW, LANG: 'ja_JP.UTF-8' });
    expect(japanese.out).toContain('Citable audit of');
  });

  it('refuses a language it does not ship (exit 2)', async () => {
    const { code, err } = await audit([site.url, '--lang', 'ja']);
    expect(code).toBe(2);
    expect(err).toContain('--lang takes one of en, de, fr, es');
  });
});

describe('the locale variables', () => {
  it('read LC_ALL, then LC_MESSAGES, then LANG; C, POSIX, empty and unknown languages read English', () => {
    expect(environmentLanguage({ LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(environmentLanguage({ LANG: 'es_ES@euro' })).toBe('es');
    expect(environmentLanguage({ LANG: 'fr_FR.UTF-8', LC_MESSAGES: 'de_DE' })).toBe('de');
    expect(environmentLanguage({ LC_ALL: 'es', LC_MESSAGES: 'de_DE', LANG: 'fr_FR' })).toBe('es');
    expect(environmentLanguage({ LC_ALL: '', LANG: 'de_CH.UTF-8' })).toBe('de');
    for (const value of ['C', 'C.UTF-8', 'POSIX', 'ja_JP.UTF-8', '']) expect(environmentLanguage({ LANG: value }), value).toBe('en');
    expect(environmentLanguage({})).toBe('en');
  });
});

describe('citable crawl in German', () => {
  let small: ServedSite;
  beforeAll(async () => {
    small = await startSlowSite(6, 0);
  });
  afterAll(() => small?.close());

  it('--lang de prints the site report in German', async () => {
    const io = memoryIo(ALLOW);
    expect(await crawl([small.url, '--lang', 'de'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain(`Citable-Website-Prüfung von ${small.url}`);
    expect(out).toMatch(/abgeschlossen: 7 Seiten geprüft, 0 fehlgeschlagen, 1 übersprungen, in \d+,\d s/);
    expect(out).toMatch(/Punktzahl\s+\d+\/100 .*\(Durchschnitt der Seiten\)/);
    expect(out).toContain('Kategorien');
    expect(out).toContain('Häufigste Probleme nach betroffenen Seiten');
    expect(out).toContain('Die Empfehlungen unter den einzelnen Problemen sind auf Englisch verfasst.');
    expect(out).toMatch(/\d+ Seiten?\s+\d+\s%/); // pages affected and their share, the German way
    expect(out).toContain('Schwächste Seiten');
    expect(out).toMatch(/Website\n\s+robots\.txt/);
    expect(out).toMatch(/Stichprobe\s+\d+ Seiten als KI-Agenten/);
    for (const english of ['Citable site audit of', 'pages audited', 'Top issues', 'Worst pages', 'Categories', 'Sample'])
      expect(out, english).not.toContain(english);
  });
});
