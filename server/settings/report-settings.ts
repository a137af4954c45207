/**
 * Client reports (docs/api-decisions.md#reports-shares-and-diffs): where share links point and how PDFs are printed. Read by the
 * server and, for CHROMIUM_PATH and the PDF bounds, by `citable audit --pdf`.
 */
import { ConfigError, readDuration, readInt, readText, type Env } from './parse.js';

export const CHROMIUM_PATH_DEFAULT = '/usr/bin/chromium';
export const PDF_CONCURRENCY_DEFAULT = 2;
export const PDF_TIMEOUT_DEFAULT_MS = 30_000;

export interface ReportSettings {
  /** The origin share links start with (`{PUBLIC_URL}/r/{token}`); null: the address the request reached. */
  publicUrl: string | null;
  /** The Chromium (or Chrome) executable that prints PDFs. */
  chromiumPath: string;
  /** PDFs printed at once; more wait in line. */
  pdfConcurrency: number;
  /** Longest a PDF may take, waiting included. */
  pdfTimeoutMs: number;
  /** A published copy of docs/rules.md that reports link each issue to (`{url}#<rule anchor>`); null: none. */
  rulesDocUrl: string | null;
}

export function readReportSettings(env: Env): ReportSettings {
  return {
    publicUrl: readPublicUrl(env),
    chromiumPath: readText(env, 'CHROMIUM_PATH') ?? CHROMIUM_PATH_DEFAULT,
    pdfConcurrency: readInt(env, 'PDF_CONCURRENCY', PDF_CONCURRENCY_DEFAULT, 1, 16),
    pdfTimeoutMs: readDuration(env, 'PDF_TIMEOUT', PDF_TIMEOUT_DEFAULT_MS, 1_000),
    rulesDocUrl: readRulesUrl(env),
  };
}

/** An http(s) origin with an optional path prefix (a proxy may serve Citable under one), no query, no fragment. */
function readPublicUrl(env: Env): string | null {
  const raw = readText(env, 'PUBLIC_URL');
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL such as https://reports.example.com, got ${JSON.stringify(raw)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got ${JSON.stringify(raw)}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** REPORT_RULES_URL: an http(s) address (its fragment dropped: each issue adds its rule's anchor). */
function readRulesUrl(env: Env): string | null {
  const raw = readText(env, 'REPORT_RULES_URL');
  if (raw === null) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    url.hash = '';
    return url.href;
  } catch {
    throw new ConfigError(`REPORT_RULES_URL must be an http(s) URL of the rule reference (docs/rules.md), got ${JSON.stringify(raw)}`);
  }
}
