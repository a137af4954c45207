import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { StoredCrawl } from '../store/contracts/crawls.js';

/** A new crawl's key for its page-audit ids: 128 random bits, stored with the crawl and never shown. */
export function newPageIdKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The id of a crawl page's audit: derived from the crawl and the URL, so a page run again after a crash or a
 * retried job stores under the same id, never twice. The derivation is keyed with the crawl's `page_id_key` (an
 * HMAC-SHA256, laid out as a version 8 UUID): the crawl id is public (a shared report shows it), the key is not, so
 * no other account can predict the ids, take one first with PUT /audits/{id}, or learn from a 409 which URLs the
 * crawl visited. A crawl stored before crawls had a key keeps the unkeyed derivation (a name-based UUID, version 5
 * layout over SHA-256) its stored pages already point at.
 */
export function pageAuditId(crawl: Pick<StoredCrawl, 'id' | 'page_id_key'>, url: string): string {
  const input = `${crawl.id}\n${url}`;
  if (!crawl.page_id_key) return uuidLayout(createHash('sha256').update(input).digest('hex'), '5');
  return uuidLayout(createHmac('sha256', crawl.page_id_key).update(input).digest('hex'), '8');
}

function uuidLayout(hex: string, version: '5' | '8'): string {
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
