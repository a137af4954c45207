/** `?format=html|pdf&paper=a4|letter&lang=` of the report routes (an audit's, a crawl's, a shared one). */
import { matchLanguage, REPORT_LANGUAGES } from '../../shared/i18n/languages.js';
import type { Paper } from '../../shared/report/types.js';
import { HttpError } from '../http/http-error.js';
import { singleParam, type RawQuery } from './query-params.js';

export interface ReportQuery {
  format: 'html' | 'pdf';
  paper: Paper;
  /** `?lang=` as given (a BCP 47 tag), or null; the report's language is negotiated with the branding (docs/reports.md#languages-and-rule-links). */
  lang: string | null;
}

export const LANG_ERROR = `lang must be one of ${REPORT_LANGUAGES.join(', ')} (a tag such as de-AT reads as its language)`;

/**
 * `strictLang`: a `?lang=` no report is written in is a 400 (the API); a share page passes false and shows the
 * report in the branding's language with a note, since the client who opens a link cannot fix its address.
 */
export function parseReportQuery(raw: RawQuery, { strictLang = true }: { strictLang?: boolean } = {}): ReportQuery {
  const format = (singleParam(raw, 'format') ?? 'html').toLowerCase();
  if (format !== 'html' && format !== 'pdf') throw new HttpError(400, 'format must be html or pdf');
  const paper = (singleParam(raw, 'paper') ?? 'a4').toLowerCase();
  if (paper !== 'a4' && paper !== 'letter') throw new HttpError(400, 'paper must be a4 or letter');
  const lang = singleParam(raw, 'lang')?.trim().slice(0, 64) || null;
  if (lang !== null && strictLang && !matchLanguage(lang)) throw new HttpError(400, LANG_ERROR);
  return { format, paper: paper === 'a4' ? 'A4' : 'Letter', lang };
}
