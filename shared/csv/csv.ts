/**
 * CSV as RFC 4180 writes it (https://www.rfc-editor.org/rfc/rfc4180): a header row, fields separated by
 * commas, records by CRLF, a field that holds a comma, a double quote, CR or LF enclosed in double quotes
 * with its quotes doubled. Text is UTF-8 (no byte-order mark: it is not part of RFC 4180 and a parser
 * that does not expect one reads it into the first header).
 *
 * Formulas are neutralised: a text cell that starts with `=`, `+`, `-` or `@` gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it (CSV injection, OWASP). Numbers are written as
 * numbers (a score change of -3 stays a number); only text is ever prefixed.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending with CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A column of a CSV file: its header and how a row gives its value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The whole file: the header row, then one record per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: Iterable<T>): string {
  const out: string[] = [csvRecord(columns.map((c) => c.header))];
  for (const row of rows) out.push(csvRecord(columns.map((c) => c.value(row))));
  return out.join('');
}

/** `text/csv` as RFC 4180 registers it, with the charset and the header row said. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';
