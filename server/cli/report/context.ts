import type { Style } from './style.js';

/** What every report section needs besides the audit. */
export interface ReportContext {
  style: Style;
  /** Columns to wrap long text at. */
  width: number;
}
