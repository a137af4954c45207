import { describe, expect, it } from 'vitest';
import { deliveryState } from '../../extension/lib/dashboard/delivery-state.js';

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
