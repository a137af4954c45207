/** Webhook signing secrets: `whsec_` + 32 random base62 characters (about 190 bits), shown once at creation. */
import { randomBase62 } from '../util/base62.js';

export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(32)}`;
}
