/**
 * Where the history lives in storage.local: the records under one key, each full audit under its own.
 * No imports: popup-start.js reads these keys before the popup's modules (and the polyfill) have loaded.
 */
export const RECORDS_KEY = 'records';

export const auditKey = (id: string): string => `audit:${id}`;
