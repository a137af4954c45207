/** Fixtures several Content Structure rule tests share. */
import { expect } from 'vitest';
import type { RuleOutcome } from '../../../../shared/judge/rule.js';
import { snapshot, words } from '../../../helpers/snapshot.js';

/** The rule's own severity applies: the outcome does not override it. */
export const ownSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();

/** A 200-word document with `head` in its head and `htmlAttrs` on <html>. */
export const doc = (head: string, htmlAttrs = ' lang="en"') =>
  snapshot(`<!doctype html><html${htmlAttrs}><head>${head}</head><body><p>${words(200)}</p></body></html>`);
