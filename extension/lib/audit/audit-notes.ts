import type { FetchedResource } from '../../../shared/types/fetcher.js';
import type { Snapshot } from '../../../shared/types/snapshot.js';
import { accessScopeFor } from '../access/access-scope.js';

/** A site file the browser would not let the extension read. */
export interface UnreadFile {
  label: string;
  url: string;
}

/** A script the WebMCP scan could not read, and why (for an "inconclusive" result). */
export interface SkippedScript {
  url: string;
  reason: string;
}

/**
 * What the extension learnt while auditing that the Audit object does not carry: files the browser
 * refused (and the host permissions that would fix that) and scripts left unscanned. Stored beside
 * the audit in the history; the popup turns them into an "Allow reading" button and plain reasons.
 */
export interface AuditNotes {
  unread: UnreadFile[];
  /** Host permission patterns to ask for so the unread files can be read. */
  accessOrigins: string[];
  /** True when those permissions were already held during the audit: asking again would not help. */
  accessHeld?: boolean;
  skippedScripts: SkippedScript[];
}

const SITE_FILES: Array<[keyof Snapshot, string]> = [
  ['robotsTxt', 'robots.txt'],
  ['sitemap', 'sitemap'],
  ['llmsTxt', 'llms.txt'],
  ['llmsFullTxt', 'llms-full.txt'],
];

export function auditNotes(snapshot: Snapshot, tabOrigin: string): AuditNotes {
  const unread: UnreadFile[] = [];
  for (const [key, label] of SITE_FILES) {
    const res = snapshot[key] as FetchedResource | null;
    if (res?.error?.code === 'cross_origin') unread.push({ label, url: res.url });
  }
  const accessOrigins = [...new Set(unread.flatMap((f) => accessScopeFor(f.url, tabOrigin)))];
  const skippedScripts = snapshot.scripts.filter((s) => s.skipped).map((s) => ({ url: s.url, reason: skipReason(s.skipped!, s.resource) }));
  return { unread, accessOrigins, skippedScripts };
}

function skipReason(skipped: string, res: FetchedResource | undefined): string {
  const detail = res?.error?.message ?? (res && res.status ? `HTTP ${res.status}` : '');
  const what: Record<string, string> = {
    cross_origin: 'another site the browser does not let the extension read',
    timeout: 'no answer in time',
    unreachable: 'could not be fetched',
    http_error: 'error answer',
    not_javascript: 'not JavaScript',
    too_large: 'larger than the scan limit',
    cap_bytes: 'over the total scan budget',
    cap_count: 'over the script count limit',
  };
  const base = what[skipped] ?? skipped;
  return detail && skipped !== 'cap_count' && skipped !== 'cap_bytes' ? `${base} (${detail})` : base;
}
