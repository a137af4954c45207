/**
 * A crawl the API accepted can still be refused by the worker that runs it: POST /crawls checks the URL's
 * form, not its address, and AUDIT_ALLOW_PRIVATE is read by each process, so a loopback or private site is
 * queued (even by an API server started with the setting, for local development) and then refused by a
 * worker without it. The crawl then fails with the audit's own words ("the host resolves to a private ...
 * address"), which say nothing of the setting; a worker that refuses private addresses adds the sentence that
 * names it, to the crawl's error and to its log.
 */
import { describeFetchError } from '../../../shared/audit/errors.js';
import type { Logger } from '../../logging/logger.js';
import type { CrawlStore } from '../../store/contracts/crawls.js';

export const PRIVATE_ADDRESS_HINT =
  'The citable worker that ran this crawl refuses private and loopback addresses: to crawl such a site ' +
  '(local development only), start the workers with AUDIT_ALLOW_PRIVATE=1.';

/** How an error about a private address ends, whatever the URL (the text of describeFetchError). */
const BLOCKED_ADDRESS = describeFetchError('blocked_address', '').slice('Cannot audit '.length);
/** The words of a special-use name (`*.localhost`, `*.internal`, ...), refused like a private address. */
const SPECIAL_USE_NAME = ' is a special-use name that never resolves on the public internet';

/** True when a crawl's error says its start was refused for a private address or a special-use name. */
export function refusedAsPrivate(error: string): boolean {
  return error.startsWith('Cannot audit ') && (error.endsWith(BLOCKED_ADDRESS) || error.includes(SPECIAL_USE_NAME));
}

/**
 * The crawl store the worker's coordinator writes through: a crawl failed because its site is private gets the
 * hint in its error, and one warning line in the worker's log. Every other call goes to `store` as it is.
 */
export function namingPrivateSetting(store: CrawlStore, logger: Logger): CrawlStore {
  const finishCrawl: CrawlStore['finishCrawl'] = async (id, end) => {
    if (end.status !== 'failed' || !end.error || !refusedAsPrivate(end.error)) return store.finishCrawl(id, end);
    logger.warn('crawl refused: its site is on a private or loopback address, and this worker runs without AUDIT_ALLOW_PRIVATE=1', {
      crawl_id: id,
      error: end.error,
    });
    return store.finishCrawl(id, { ...end, error: `${end.error} ${PRIVATE_ADDRESS_HINT}` });
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'finishCrawl') return finishCrawl;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
