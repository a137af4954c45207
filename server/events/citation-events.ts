/**
 * citation.gained / citation.lost: a (prompt, engine) pair became cited, or stopped being cited, from one
 * answered check to the next. The citation store is wrapped so that every stored row (in-process checks
 * and BullMQ pair jobs alike) is compared with the pair's previous answered row (status `ok`): rows
 * that say nothing about citing (an error, no search, not configured) neither fire nor reset the
 * comparison. The event is stored after the row; a failure to publish is logged, the row stays stored.
 */
import type { CitationEngineId } from '../../shared/schema/citation-engines.js';
import type { Logger } from '../logging/logger.js';
import type { CitationStore, StoredCitationRow } from '../store/contracts/citations.js';
import type { EventPublisher } from './publisher.js';

const CITATION_EVENT_TYPES = ['citation.gained', 'citation.lost'] as const;
/** Rows looked back through for the previous answered one. */
const LOOK_BACK = 20;

export function observeCitations(store: CitationStore, publisher: EventPublisher, logger: Logger): CitationStore {
  // Every argument passes through: the store's signature may grow (runs kept with the row).
  const appendResult: CitationStore['appendResult'] = async (...args) => {
    const [row] = args;
    let previous: StoredCitationRow | null = null;
    try {
      if (row.status === 'ok' && (await publisher.wants(row.account_id, CITATION_EVENT_TYPES)))
        previous = await previousAnswered(store, row);
    } catch (error) {
      logger.error('citation events: the previous row could not be read', {
        prompt_id: row.prompt_id,
        engine: row.engine,
        error: String(error),
      });
    }
    await store.appendResult(...args);
    if (!previous || previous.cited === row.cited) return;
    await publisher
      .publish(
        row.account_id,
        row.cited ? 'citation.gained' : 'citation.lost',
        {
          prompt_id: row.prompt_id,
          prompt: row.prompt,
          domain: row.domain,
          engine: row.engine,
          cited: row.cited,
          position: row.position,
          cited_urls: row.cited_urls,
          checked_at: row.checked_at,
          check_id: row.check_id,
          previous: { cited: previous.cited, checked_at: previous.checked_at, check_id: previous.check_id },
        },
        { dedupeKey: `citation:${row.check_id}:${row.prompt_id}:${row.engine}` },
      )
      .catch((error: unknown) =>
        logger.error('citation event could not be stored', { prompt_id: row.prompt_id, engine: row.engine, error: String(error) }),
      );
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'appendResult') return appendResult;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The pair's newest stored row with status `ok`, or null. */
async function previousAnswered(store: CitationStore, row: StoredCitationRow): Promise<StoredCitationRow | null> {
  const latest = (await store.latestResults(row.prompt_id))[row.engine as CitationEngineId];
  if (!latest) return null;
  if (latest.status === 'ok') return latest;
  const history = await store.listResults(row.account_id, { limit: LOOK_BACK, history: true, promptId: row.prompt_id, engine: row.engine });
  return history.rows.find((r) => r.status === 'ok') ?? null;
}
