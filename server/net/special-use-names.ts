/**
 * Special-use domain names that never resolve on the public internet, so an audit never asks DNS about
 * them: a query for `foo.localhost` or `printer.local` goes to the system resolver, which may answer from
 * the local network (mDNS, a home router, a corporate resolver) what no public site could.
 * From the IANA Special-Use Domain Names registry (RFC 6761 section 3) and ICANN's reservation of .internal.
 * Not here: example.com, example.net and example.org (registered special-use, yet they resolve publicly),
 * and ipv4only.arpa (resolves publicly to addresses the address guard refuses anyway).
 */
const SPECIAL_USE_SUFFIXES: ReadonlyArray<readonly [suffix: string, source: string]> = [
  ['localhost', 'RFC 6761'],
  ['test', 'RFC 6761'],
  ['invalid', 'RFC 6761'],
  ['example', 'RFC 6761'],
  ['local', 'RFC 6762, multicast DNS'],
  ['onion', 'RFC 7686, Tor'],
  ['home.arpa', 'RFC 8375'],
  ['resolver.arpa', 'RFC 9462'],
  ['alt', 'RFC 9476'],
  ['internal', 'ICANN, private use'],
];

export interface SpecialUseName {
  /** The reserved suffix the name falls under, e.g. "localhost" for "foo.localhost.". */
  suffix: string;
  /** Where it is reserved. */
  source: string;
}

/** The special-use suffix `hostname` falls under (the name itself or any name below it), or null. */
export function specialUseName(hostname: string): SpecialUseName | null {
  // URL hosts arrive lower-cased and in A-label form; a fully qualified name ends in dots, which change nothing.
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  for (const [suffix, source] of SPECIAL_USE_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return { suffix, source };
  }
  return null;
}

/** The refusal's message, e.g. `foo.localhost is a special-use name that never resolves on the public internet (.localhost, RFC 6761)`. */
export function specialUseMessage(hostname: string, found: SpecialUseName): string {
  return `${hostname} is a special-use name that never resolves on the public internet (.${found.suffix}, ${found.source})`;
}
