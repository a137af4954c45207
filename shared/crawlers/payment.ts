import type { FetchedResource } from '../types/fetcher.js';

/**
 * How a 402 answer asks an agent to pay: Cloudflare's pay per crawl names its price in `crawler-price`
 * ("USD 0.01"); an x402 answer carries a JSON body with `x402Version` and the accepted payments.
 */
export function paymentScheme(resource: FetchedResource): string {
  const price = resource.headers['crawler-price']?.trim();
  if (price) return `pay per crawl, crawler-price: ${price.slice(0, 40)}`;
  if (/"x402Version"\s*:/.test(resource.body.slice(0, 4096))) return 'x402';
  return 'no price named';
}
