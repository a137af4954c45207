/** What `onPairStored` receives after each stored row (store-pair-row.ts has the rule). */
import type { CitationResult } from '../../../shared/schema/citation.js';

export type CitationTransition = 'citation.gained' | 'citation.lost';

export interface PairStored {
  account_id: string;
  row: CitationResult;
  /** The pair's latest row before this one, or null. */
  previous: CitationResult | null;
  /** Set when the pair became cited or stopped being cited. */
  transition: CitationTransition | null;
}

/** Called after every stored row; it must not throw (its errors are logged and ignored). */
export type PairStoredHook = (event: PairStored) => void | Promise<void>;
