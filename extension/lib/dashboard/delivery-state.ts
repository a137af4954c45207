/**
 * A webhook delivery's state in words. The API says `pending` both before the first attempt and while it
 * retries after failures: a receiver answering 500 must not look like a delivery about to happen.
 */
import type { Delivery } from '../api/types.js';

export interface DeliveryState {
  /** What the log says: "Delivered", "Waiting", "Failing, retrying", "Failed". */
  label: string;
  /** The status pill's class: good, waiting or failing. */
  tone: 'delivered' | 'pending' | 'failed';
}

export function deliveryState(d: Pick<Delivery, 'status' | 'attempts' | 'last_error'>): DeliveryState {
  if (d.status === 'delivered') return { label: 'Delivered', tone: 'delivered' };
  if (d.status === 'failed') return { label: 'Failed, no more attempts', tone: 'failed' };
  if (d.attempts > 0 && d.last_error !== null) return { label: 'Failing, retrying', tone: 'failed' };
  return { label: 'Waiting', tone: 'pending' };
}
