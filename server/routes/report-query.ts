/** `?format=html|pdf&paper=a4|letter` of the report routes (an audit's, a crawl's, a shared one). */
import type { Paper } from '../../shared/report/types.js';
import { HttpError } from '../http/http-error.js';
import { singleParam, type RawQuery } from './query-params.js';

export interface ReportQuery {
  format: 'html' | 'pdf';
  paper: Paper;
}

export function parseReportQuery(raw: RawQuery): ReportQuery {
  const format = (singleParam(raw, 'format') ?? 'html').toLowerCase();
  if (format !== 'html' && format !== 'pdf') throw new HttpError(400, 'format must be html or pdf');
  const paper = (singleParam(raw, 'paper') ?? 'a4').toLowerCase();
  if (paper !== 'a4' && paper !== 'letter') throw new HttpError(400, 'paper must be a4 or letter');
  return { format, paper: paper === 'a4' ? 'A4' : 'Letter' };
}
