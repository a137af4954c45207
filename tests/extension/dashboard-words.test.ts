import { describe, expect, it } from 'vitest';
import { deliveryState } from '../../extension/lib/dashboard/delivery-state.js';
import { engineName } from '../../extension/lib/dashboard/engine-names.js';
import { CITATION_ENGINE_IDS } from '../../shared/schema/citation-engines.js';

describe('a delivery in words', () => {
  it('says a pending delivery whose attempts failed is failing and retried, not pending', () => {
    expect(deliveryState({ status: 'pending', attempts: 2, last_error: 'HTTP 500' })).toEqual({
      label: 'Failing, retrying',
      tone: 'failed',
    });
  });
  it('says waiting before the first attempt, delivered after a 2xx, and failed once given up', () => {
    expect(deliveryState({ status: 'pending', attempts: 0, last_error: null })).toEqual({ label: 'Waiting', tone: 'pending' });
    expect(deliveryState({ status: 'delivered', attempts: 3, last_error: null }).label).toBe('Delivered');
    expect(deliveryState({ status: 'failed', attempts: 8, last_error: 'HTTP 500' })).toEqual({
      label: 'Failed, no more attempts',
      tone: 'failed',
    });
  });
});

describe('engines by name', () => {
  it('names every engine the API knows, and shows an unknown id as it is', () => {
    for (const id of CITATION_ENGINE_IDS) expect(engineName(id)).not.toBe(id);
    expect(engineName('google_ai_overviews')).toBe('Google AI Overviews');
    expect(engineName('new_engine')).toBe('new_engine');
  });
});
