import type { FetchedResource } from '../types/fetcher.js';

/**
 * What fetching a well-known site file (/llms.txt, /llms-full.txt, the sitemap) turned up, before
 * looking at its contents. Shared by the llms.txt and sitemap readers.
 */
export type SiteFile =
  | { kind: 'not_fetched' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'missing'; status: number }
  | { kind: 'http_error'; status: number }
  | { kind: 'html'; status: number; contentType: string }
  | { kind: 'binary'; contentType: string }
  | { kind: 'empty' }
  | { kind: 'text'; text: string; contentType: string; truncated: boolean };

export function classifySiteFile(resource: FetchedResource | null): SiteFile {
  if (!resource) return { kind: 'not_fetched' };
  if (resource.error || resource.status === 0) {
    return { kind: 'unreachable', message: resource.error?.message ?? 'no response' };
  }
  const { status } = resource;
  if (status === 404 || status === 410) return { kind: 'missing', status };
  if (status < 200 || status >= 300) return { kind: 'http_error', status };
  const contentType = mediaType(resource);
  if (looksLikeHtml(resource)) return { kind: 'html', status, contentType };
  if (resource.binary) return { kind: 'binary', contentType };
  const text = resource.body.replace(/^\uFEFF/, '');
  if (!text.trim()) return { kind: 'empty' };
  return { kind: 'text', text, contentType, truncated: resource.truncated };
}

/** The response's media type, lower-cased, without parameters ("" when absent). */
export function mediaType(resource: FetchedResource): string {
  return (resource.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * True when a site file is really an HTML page: declared as HTML, or a body that opens like one.
 * Single-page apps answer every unknown path with their index.html and status 200.
 */
export function looksLikeHtml(resource: FetchedResource): boolean {
  const type = mediaType(resource);
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  const start = resource.body
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  return /^(<!doctype[\s>]|<html[\s>]|<head[\s>]|<body[\s>])/.test(start);
}
