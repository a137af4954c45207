/**
 * The network sentinel: whatever the code under test does, this process connects only to loopback
 * (127.0.0.0/8, ::1) and unix sockets, and sends no DNS query off the machine. It sits at the lowest
 * level JavaScript reaches:
 *  - `net.Socket.prototype.connect`, which every TCP client goes through (`net.connect`, `tls.connect`,
 *    `http.Agent` and request-filtering-agent's agents, undici and so Node's `fetch`, pg, ioredis): a
 *    literal address outside loopback is refused before the socket handle connects (no SYN), and a host
 *    name gets a lookup that refuses any answer outside loopback before the connect that would use it;
 *  - `dns.lookup` (callback and promise forms): only IP literals and names listed in /etc/hosts may
 *    reach getaddrinfo; `dns.resolve*` and `dns.reverse` (c-ares, which always asks a name server) are
 *    refused outright. Tests resolve made-up names through `tests/helpers/fake-dns.ts`.
 * A refusal fails like a network error (the socket is destroyed with an error, the lookup calls back
 * with one) and is recorded; `tests/helpers/network-sentinel-setup.ts` fails any test that leaves a
 * recorded attempt behind, and a test that provokes one on purpose takes it with `takeAttempts()`.
 * Installed once per process; the state lives on globalThis so every copy of this module shares it.
 */
import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface SentinelAttempt {
  kind: 'connect' | 'lookup' | 'resolve';
  /** "address:port" for a connect, the name for a lookup or query. */
  target: string;
  /** Where it came from (the stack at the refusal). */
  stack: string;
}

export const SENTINEL_ERROR_CODE = 'ERR_NETWORK_SENTINEL';

interface SentinelState {
  attempts: SentinelAttempt[];
}

const STATE_KEY = Symbol.for('citable.tests.networkSentinel');
type GlobalWithSentinel = typeof globalThis & { [STATE_KEY]?: SentinelState };

/** True for 127.0.0.0/8 and ::1 (also written as an IPv4-mapped loopback). */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** Installs the sentinel in this process (idempotent). */
export function installNetworkSentinel(): void {
  const global = globalThis as GlobalWithSentinel;
  if (global[STATE_KEY]) return;
  const state: SentinelState = { attempts: [] };
  global[STATE_KEY] = state;
  const localNames = namesInHostsFile();
  const refuse = (kind: SentinelAttempt['kind'], target: string): Error => {
    const error = Object.assign(
      new Error(
        `network sentinel: refused ${kind} ${target} (tests reach only loopback and resolve names through tests/helpers/fake-dns.ts)`,
      ),
      { code: SENTINEL_ERROR_CODE },
    );
    state.attempts.push({ kind, target, stack: error.stack ?? '' });
    return error;
  };
  patchDns(localNames, refuse);
  patchConnect(refuse);
  syncBuiltinESMExports(); // named imports (`import { lookup } from 'node:dns'`) see the patched functions too
}

export function networkSentinelInstalled(): boolean {
  return Boolean((globalThis as GlobalWithSentinel)[STATE_KEY]);
}

/**
 * For a file whose tests submit addresses off loopback: call in a top-level beforeAll, so that without the
 * sentinel (setupFiles edited away) none of its tests runs, instead of running unprotected.
 */
export function requireNetworkSentinel(): void {
  if (!networkSentinelInstalled()) {
    throw new Error("the network sentinel is not installed: add tests/helpers/network-sentinel-setup.ts to this project's setupFiles");
  }
}

/** Returns and forgets every attempt recorded so far. */
export function takeAttempts(): SentinelAttempt[] {
  const state = (globalThis as GlobalWithSentinel)[STATE_KEY];
  if (!state) throw new Error('the network sentinel is not installed in this process');
  return state.attempts.splice(0);
}

type Refuse = (kind: SentinelAttempt['kind'], target: string) => Error;
type Callback = (err: NodeJS.ErrnoException | null, address?: unknown, family?: number) => void;

function patchConnect(refuse: Refuse): void {
  const original = net.Socket.prototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket;
  (net.Socket.prototype as { connect: unknown }).connect = function sentinelConnect(this: net.Socket, ...args: unknown[]) {
    const [options, callback] = normalizeConnectArgs(args);
    if (options.path != null || options.port == null) return original.apply(this, args); // unix socket, or Node's own argument error
    const host = typeof options.host === 'string' && options.host ? options.host : 'localhost';
    if (net.isIP(host)) {
      if (isLoopbackAddress(host)) return original.apply(this, args);
      const error = refuse('connect', `${host}:${String(options.port)}`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    const lookup = loopbackOnlyLookup(host, options.port, (options.lookup as LookupFunction | undefined) ?? dns.lookup, refuse);
    return callback ? original.call(this, { ...options, lookup }, callback) : original.call(this, { ...options, lookup });
  };
}

/** Socket#connect's argument forms: (options[, cb]), (port[, host][, cb]), (path[, cb]), or net.connect's normalized [options, cb]. */
function normalizeConnectArgs(args: unknown[]): [Record<string, unknown>, ((...a: unknown[]) => void) | undefined] {
  const last = args[args.length - 1];
  const callback = typeof last === 'function' ? (last as (...a: unknown[]) => void) : undefined;
  const first = args[0];
  if (Array.isArray(first)) {
    const [options, cb] = first as [Record<string, unknown>, ((...a: unknown[]) => void) | null];
    return [options, cb ?? undefined];
  }
  if (first !== null && typeof first === 'object') return [first as Record<string, unknown>, callback];
  if (typeof first === 'string' && !/^\d+$/.test(first)) return [{ path: first }, callback];
  return [{ port: first, host: typeof args[1] === 'string' ? args[1] : undefined }, callback];
}

/** Wraps the lookup a socket will use: any answer outside loopback fails it before the connect. */
function loopbackOnlyLookup(host: string, port: unknown, inner: LookupFunction, refuse: Refuse): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: Callback) => {
    inner(hostname, options, ((err: NodeJS.ErrnoException | null, address: unknown, family?: number) => {
      if (err) return callback(err, address, family);
      const answers = Array.isArray(address) ? (address as dns.LookupAddress[]).map((a) => a.address) : [String(address)];
      const outside = answers.find((answer) => !isLoopbackAddress(answer));
      if (outside !== undefined) return callback(refuse('connect', `${outside}:${String(port)} (${host})`));
      callback(null, address, family);
    }) as never);
  }) as LookupFunction;
}

function patchDns(localNames: ReadonlySet<string>, refuse: Refuse): void {
  const mayResolve = (hostname: unknown) =>
    typeof hostname !== 'string' || !hostname || net.isIP(hostname) !== 0 || localNames.has(hostname.toLowerCase());

  const lookup = dns.lookup as unknown as (...args: unknown[]) => unknown;
  (dns as { lookup: unknown }).lookup = function sentinelLookup(this: unknown, hostname: unknown, ...rest: unknown[]) {
    if (mayResolve(hostname)) return lookup.call(this, hostname, ...rest);
    const callback = rest[rest.length - 1];
    const error = refuse('lookup', String(hostname));
    if (typeof callback === 'function') process.nextTick(() => (callback as Callback)(error));
    return {};
  };
  const promiseLookup = dns.promises.lookup as unknown as (...args: unknown[]) => Promise<unknown>;
  (dns.promises as { lookup: unknown }).lookup = function sentinelPromiseLookup(this: unknown, hostname: unknown, ...rest: unknown[]) {
    if (mayResolve(hostname)) return promiseLookup.call(this, hostname, ...rest);
    return Promise.reject(refuse('lookup', String(hostname)));
  };

  // c-ares queries go straight to a name server: none is allowed.
  const queryNames = (target: object) => Object.keys(target).filter((name) => /^(resolve\w*|reverse)$/.test(name));
  for (const name of queryNames(dns)) {
    (dns as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const callback = args[args.length - 1];
      const error = refuse('resolve', `${name}(${String(args[0])})`);
      if (typeof callback === 'function') process.nextTick(() => (callback as Callback)(error));
    };
  }
  for (const name of queryNames(dns.promises)) {
    (dns.promises as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      Promise.reject(refuse('resolve', `${name}(${String(args[0])})`));
  }
  for (const prototype of [dns.Resolver.prototype, dns.promises.Resolver.prototype]) {
    for (const name of Object.getOwnPropertyNames(prototype).filter((n) => /^(resolve\w*|reverse)$/.test(n))) {
      const promised = prototype === dns.promises.Resolver.prototype;
      (prototype as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        const error = refuse('resolve', `${name}(${String(args[0])})`);
        if (promised) return Promise.reject(error);
        const callback = args[args.length - 1];
        if (typeof callback === 'function') process.nextTick(() => (callback as Callback)(error));
      };
    }
  }
}

/** Names the system resolver answers from /etc/hosts without asking a name server. */
function namesInHostsFile(): Set<string> {
  const names = new Set(['localhost']);
  let text: string;
  try {
    text = readFileSync('/etc/hosts', 'utf8');
  } catch {
    return names;
  }
  for (const line of text.split('\n')) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address || !isLoopbackAddress(address)) continue; // a name mapped elsewhere would lead off loopback anyway
    for (const alias of aliases) names.add(alias.toLowerCase());
  }
  return names;
}
