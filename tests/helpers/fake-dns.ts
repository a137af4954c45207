import type { LookupFunction } from 'node:net';

/** A DNS lookup answering fixed addresses for made-up names (ENOTFOUND otherwise), so no test query leaves the machine. */
export function fakeDns(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = table[hostname];
    if (!addresses) {
      const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return process.nextTick(() => callback(err, '', 0));
    }
    const list = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(() => (options.all ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family)));
  };
}
