import { JudgeContext } from '../../../shared/judge/context.js';
import { resource, snapshot } from '../../helpers/snapshot.js';

export interface PageOptions {
  url?: string;
  /** Extra response headers (lower-case names); `set-cookie` lines joined with "\n". */
  headers?: Record<string, string>;
}

/** A judge context for one page served with the given headers. */
export function contextFor(html: string, options: PageOptions = {}): JudgeContext {
  const url = options.url ?? 'https://example.com/';
  const page = resource(url, html, {
    headers: { 'content-type': 'text/html; charset=utf-8', ...options.headers },
  });
  return new JudgeContext(snapshot(html, { requestedUrl: url, page }));
}
