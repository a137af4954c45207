import type { ApiClient, ApiResult } from '../api/client.js';
import { query } from '../api/client.js';

/** Largest page the list routes serve (GET /audits, /crawls: `limit` up to 100). */
export const PAGE_SIZE = 100;

/**
 * Reads a cursor-paged list page by page, handing each page over as it arrives (the first paints at once),
 * until the last page, `max` items, or `cancelled()`; `more`: the server had more than was read. Stops at the
 * first failure and returns it.
 */
export async function loadPages<T>(
  api: ApiClient,
  path: string,
  member: string,
  onPage: (items: T[], done: boolean, more: boolean) => void,
  options: { max?: number; cancelled?: () => boolean; pageSize?: number } = {},
): Promise<ApiResult<null>> {
  const max = options.max ?? 10_000;
  const [base, given = ''] = path.split('?');
  let cursor: string | null = null;
  let total = 0;
  for (;;) {
    const more = query({ limit: options.pageSize ?? PAGE_SIZE, cursor }).slice(1);
    const res: ApiResult<Record<string, unknown>> = await api.get(`${base}?${given ? `${given}&` : ''}${more}`);
    if (options.cancelled?.()) return { ok: true, status: 200, data: null };
    if (!res.ok) return res;
    const items = (Array.isArray(res.data[member]) ? res.data[member] : []) as T[];
    total += items.length;
    cursor = typeof res.data.next_cursor === 'string' ? res.data.next_cursor : null;
    const done = !cursor || total >= max;
    onPage(items, done, !!cursor);
    if (done) return { ok: true, status: 200, data: null };
  }
}
