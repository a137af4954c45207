/**
 * Storing a pair's row, the same for both schedulers, and the hook monitors use for `citation.gained` /
 * `citation.lost` (docs/api-decisions.md#monitors-and-webhooks): after the row is stored, `onPairStored` receives the row and,
 * when the pair's citation state changed, which way.
 *
 * "Changed" compares the new row with the pair's previous latest row, both answered (status ok,
 * no_search or no_ai_overview): gained = cited now and not before (or no answered row before), lost =
 * cited before and not now. An error or not_configured row, on either side, says nothing about citation:
 * no transition. `citationTransition` is the pure rule.
 */
import type { CitationResult } from '../../../shared/schema/citation.js';
import type { CitationStore, StoredCitationRow } from '../../store/contracts/citations.js';
import { rowTally } from '../intelligence/row-tally.js';
import { countCitationCheck } from '../../metrics/work-metrics.js';
import type { CitationTransition, PairStoredHook } from './pair-stored.js';
import type { PairResult } from './run-pair.js';

export type { CitationTransition, PairStored, PairStoredHook } from './pair-stored.js';

const answered = (row: CitationResult | null | undefined): row is CitationResult =>
  !!row && row.runs > 0 && (row.status === 'ok' || row.status === 'no_search' || row.status === 'no_ai_overview');

export function citationTransition(previous: CitationResult | null | undefined, current: CitationResult): CitationTransition | null {
  if (!answered(current)) return null;
  if (previous && !answered(previous)) return null;
  if (current.cited && !previous?.cited) return 'citation.gained';
  if (!current.cited && previous?.cited) return 'citation.lost';
  return null;
}

export async function storePairRow(
  store: CitationStore,
  accountId: string,
  result: PairResult,
  hook?: PairStoredHook,
  onHookError?: (error: unknown) => void,
): Promise<void> {
  const previous = hook ? ((await store.latestResults(result.row.prompt_id))[result.row.engine] ?? null) : null;
  const stored = { ...result.row, account_id: accountId, calls: result.calls };
  const row: StoredCitationRow = { ...stored, tally: rowTally(stored, result.runs) };
  await store.appendResult(row, result.runs);
  countCitationCheck(row.engine, row.status);
  if (!hook) return;
  try {
    const { account_id: _a, calls: _c, tally: _t, runs_at: _r, ...before } = previous ?? ({} as StoredCitationRow);
    await hook({
      account_id: accountId,
      row: result.row,
      previous: previous ? before : null,
      transition: citationTransition(previous, result.row),
    });
  } catch (error) {
    onHookError?.(error);
  }
}
