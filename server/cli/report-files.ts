/**
 * `--html FILE` and `--pdf FILE` of `citable audit` (and of `citable crawl`): the same client report the API
 * serves (shared/report), written beside the terminal report. The PDF is printed by the Chromium at
 * CHROMIUM_PATH (server/settings/report-settings.ts), started for this one file and stopped after it.
 * Files are written once complete (a temp file renamed), so a failure never leaves half a report.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Paper } from '../../shared/report/types.js';
import { isReportLanguage, matchLanguage, REPORT_LANGUAGES, type ReportLanguage } from '../../shared/i18n/languages.js';
import { ConfigError } from '../settings/parse.js';
import { readReportSettings } from '../settings/report-settings.js';
import type { CliIo } from './io.js';

export const REPORT_FILE_OPTIONS = { html: { type: 'string' }, pdf: { type: 'string' }, lang: { type: 'string' } } as const;

export const REPORT_FILE_HELP = `  --html FILE      also write the client report: one self-contained HTML file
  --pdf FILE       also write it as a PDF (needs Chromium: CHROMIUM_PATH, default /usr/bin/chromium)
  --lang LANG      the language of the printed report and of those files: ${REPORT_LANGUAGES.join(', ')} (de-AT reads
                   as de; default: the language of LC_ALL, LC_MESSAGES or LANG if it is one of those, else en;
                   rule titles are translated, the advice under each issue stays English)
`;

export interface ReportFiles {
  html?: string | undefined;
  pdf?: string | undefined;
  lang?: string | undefined;
}

/** What the report is made from: the HTML for the medium, and the page or site it is about (the PDF footer). */
export type RenderReport = (medium: 'html' | 'pdf', paper: Paper, lang: ReportLanguage) => { html: string; subjectUrl: string };

/**
 * `--lang`: the report language it names, or the message to fail with. Without it, the language of the
 * terminal's locale (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them: `de_DE.UTF-8` reads German) when
 * it is a report language, else English.
 */
export function reportFilesLanguage(lang: string | undefined, env: CliIo['env'] = {}): ReportLanguage | string {
  if (lang === undefined) return environmentLanguage(env);
  return matchLanguage(lang) ?? `--lang takes one of ${REPORT_LANGUAGES.join(', ')}, got ${JSON.stringify(lang)}.`;
}

/** The report language of the POSIX locale variables; English for C, POSIX, unset or another language. */
export function environmentLanguage(env: CliIo['env']): ReportLanguage {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  const tag = locale?.split(/[.@]/)[0]?.replace(/_/g, '-');
  return matchLanguage(tag) ?? 'en';
}

/**
 * Writes the files asked for. Returns null when all went well, else the message to fail with (the audit
 * itself is done and printed; only a file is missing).
 */
export async function writeReportFiles(files: ReportFiles, render: RenderReport, io: CliIo): Promise<string | null> {
  if (files.html === undefined && files.pdf === undefined) return null;
  const language = reportFilesLanguage(files.lang, io.env);
  if (!isReportLanguage(language)) return language;
  if (files.html !== undefined) {
    const problem = await writeWhole(files.html, render('html', 'A4', language).html);
    if (problem) return problem;
    io.stderr.write(`Report written to ${files.html}\n`);
  }
  if (files.pdf !== undefined) {
    let settings;
    try {
      settings = readReportSettings(io.env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    const [{ createPdfRenderer }, { pdfFooterTemplate }, errors] = await Promise.all([
      import('../reports/pdf/pdf-renderer.js'),
      import('../../shared/report/pdf-footer.js'),
      import('../reports/pdf/pdf-errors.js'),
    ]);
    const printer = createPdfRenderer({ chromiumPath: settings.chromiumPath, concurrency: 1, timeoutMs: settings.pdfTimeoutMs });
    try {
      const { html, subjectUrl } = render('pdf', 'A4', language);
      const pdf = await printer.render({ html, paper: 'A4', footerTemplate: pdfFooterTemplate(null, subjectUrl, language) });
      const problem = await writeWhole(files.pdf, pdf);
      if (problem) return problem;
      io.stderr.write(`PDF report written to ${files.pdf}\n`);
    } catch (error) {
      if (error instanceof errors.PdfUnavailableError || error instanceof errors.PdfTimeoutError) return error.message;
      throw error;
    } finally {
      await printer.close();
    }
  }
  return null;
}

/** Writes `data` to `file` whole (a temp file renamed beside it): null, or the message to fail with. */
export async function writeWhole(file: string, data: string | Uint8Array): Promise<string | null> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
    return null;
  } catch (error) {
    await rm(temp, { force: true });
    return `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
}
