import { createHash } from 'node:crypto';

/**
 * The id of a crawl page's audit: derived from the crawl and the URL (a name-based UUID, version 5 layout
 * over SHA-256), so a page run again after a crash or a retried job stores under the same id, never twice.
 */
export function pageAuditId(crawlId: string, url: string): string {
  const hex = createHash('sha256').update(`${crawlId}\n${url}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
