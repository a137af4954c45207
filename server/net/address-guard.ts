import http from 'node:http';
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { addressBlockReason, EXTRA_DENIED_CIDRS } from './address-policy.js';
import { BlockedAddressError } from './fetch-errors.js';

export interface AddressGuardOptions {
  allowPrivate: boolean;
  /** Resolves host names (default dns.lookup). Test seam. */
  lookup?: LookupFunction | undefined;
  /** Test seam: "ip:port" endpoints treated as public (loopback fixtures standing in for the internet). */
  unsafeTreatAsPublic?: readonly string[] | undefined;
}

/**
 * Two layers, both at connect time, on every hop: our policy (port-aware, so a test can call one
 * loopback port "public") checks literal addresses before any socket exists and wraps the DNS lookup;
 * request-filtering-agent checks the same addresses again inside Agent#createConnection.
 */
export interface AddressGuard {
  /** Why connecting to this literal IP is refused, or null. Host names are checked at lookup. */
  literalBlockReason(hostname: string, port: number): string | null;
  /** A lookup that refuses any answer the policy refuses, for a connection to `port`. */
  lookupFor(port: number): LookupFunction;
  agentFor(protocol: 'http:' | 'https:'): http.Agent;
}

export function createAddressGuard(options: AddressGuardOptions): AddressGuard {
  const trusted = new Set(options.unsafeTreatAsPublic ?? []);
  const reasonFor = (address: string, port: number): string | null => {
    if (options.allowPrivate || trusted.has(`${address}:${port}`)) return null;
    return addressBlockReason(address);
  };
  const filterOptions = {
    keepAlive: false,
    allowPrivateIPAddress: options.allowPrivate,
    allowMetaIPAddress: options.allowPrivate,
    denyIPAddressList: options.allowPrivate ? [] : [...EXTRA_DENIED_CIDRS],
    // Our port-aware check above has already refused every other port on these addresses.
    allowIPAddressList: [...new Set([...trusted].map((endpoint) => endpoint.slice(0, endpoint.lastIndexOf(':'))))],
  };
  const agents = {
    'http:': new RequestFilteringHttpAgent(filterOptions),
    'https:': new RequestFilteringHttpsAgent(filterOptions),
  };
  const baseLookup = (options.lookup ?? dns.lookup) as LookupFunction;

  return {
    literalBlockReason(hostname, port) {
      const ip = hostname.replace(/^\[|\]$/g, '');
      return net.isIP(ip) ? reasonFor(ip, port) : null;
    },
    lookupFor(port) {
      return (hostname, lookupOptions, callback) => {
        baseLookup(hostname, lookupOptions, (err, address, family) => {
          if (err) return callback(err, address, family);
          const answers = Array.isArray(address) ? address : [{ address, family: family ?? 0 }];
          for (const answer of answers) {
            const reason = reasonFor(answer.address, port);
            if (reason) return callback(new BlockedAddressError(hostname, answer.address, reason), '', 0);
          }
          callback(null, address, family);
        });
      };
    },
    agentFor(protocol) {
      return agents[protocol];
    },
  };
}
