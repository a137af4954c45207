import type http from 'node:http';
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { addressBlockReason, EXTRA_DENIED_CIDRS } from './address-policy.js';
import { BlockedAddressError, SpecialUseNameError } from './fetch-errors.js';
import { specialUseMessage, specialUseName } from './special-use-names.js';

export interface AddressGuardOptions {
  allowPrivate: boolean;
  /** Resolves host names (default dns.lookup). Test seam. */
  lookup?: LookupFunction | undefined;
  /** Test seam: "ip:port" endpoints treated as public (loopback fixtures standing in for the internet). */
  unsafeTreatAsPublic?: readonly string[] | undefined;
}

/**
 * Two layers, both at connect time, on every hop: our policy (port-aware, so a test can call one
 * loopback port "public") checks literal addresses and special-use names before any socket exists and
 * wraps the DNS lookup; request-filtering-agent checks the same addresses again inside
 * Agent#createConnection.
 */
export interface AddressGuard {
  /** Why connecting to this literal IP is refused, or null. Host names are checked at lookup. */
  literalBlockReason(hostname: string, port: number): string | null;
  /** Why this host name is never looked up (a special-use name such as foo.localhost), or null. */
  specialUseBlock(hostname: string): string | null;
  /** A lookup that refuses special-use names before asking DNS, and any answer the policy refuses, for a connection to `port`. */
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
  // AUDIT_ALLOW_PRIVATE=1 (local development) audits http://localhost:3000/, https://shop.test/ and the like.
  const specialUseBlock = (hostname: string): string | null => {
    if (options.allowPrivate) return null;
    const found = specialUseName(hostname);
    return found ? specialUseMessage(hostname, found) : null;
  };

  return {
    literalBlockReason(hostname, port) {
      const ip = hostname.replace(/^\[|\]$/g, '');
      return net.isIP(ip) ? reasonFor(ip, port) : null;
    },
    specialUseBlock,
    lookupFor(port) {
      return (hostname, lookupOptions, callback) => {
        const special = specialUseBlock(hostname);
        if (special) return process.nextTick(() => callback(new SpecialUseNameError(special), '', 0));
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
