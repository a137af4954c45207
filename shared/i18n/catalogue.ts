/**
 * A catalogue's type, derived from the English one: the same keys, a text where English has a text and plural
 * forms where English has them. `satisfies Catalogue` in de.ts, fr.ts and es.ts makes a missing or extra key a type error.
 */
import type { en } from './messages/en.js';
import type { PluralMessage } from './message.js';

export type MessageKey = keyof typeof en;

export type Catalogue = { readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralMessage };
