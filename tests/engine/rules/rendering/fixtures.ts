/** Fixtures several Rendering rule tests share. */
import { expect } from 'vitest';
import type { RuleOutcome } from '../../../../shared/judge/rule.js';
import type { FetchedResource } from '../../../../shared/types/index.js';
import { resource, snapshot, words } from '../../../helpers/snapshot.js';

/** The rule's own severity (a warning) applies: the outcome does not override it. */
export const ownSeverity = (o: RuleOutcome) => expect(o.severity).toBeUndefined();

export const url = 'https://example.com/';
/** A 400-word page, served with the given response members (bytes, timings, encoding ...). */
export const html = `<!doctype html><html lang="en"><head><title>Weights and times</title></head><body><p>${words(400)}</p></body></html>`;
export const served = (over: Partial<FetchedResource>, body = html) => snapshot(body, { page: resource(url, body, over) });
