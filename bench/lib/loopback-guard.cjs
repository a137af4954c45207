/**
 * Preloaded into every audited tool (`node --require`) by bench/peers.bench.ts: any TCP connection or DNS
 * look-up for a host other than 127.0.0.1/::1/localhost fails at once, and is recorded (one JSON line per
 * attempt) in the file named by LOOPBACK_GUARD_LOG. A peer that tries the internet then neither waits for a
 * timeout (which would inflate its time) nor reaches anything; the benchmark reports the attempt.
 */
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const dns = require('node:dns');

const logFile = process.env.LOOPBACK_GUARD_LOG;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

function record(kind, host) {
  if (logFile) fs.appendFileSync(logFile, `${JSON.stringify({ kind, host: String(host), pid: process.pid })}\n`);
}

function hostOf(args) {
  const first = args[0];
  if (Array.isArray(first)) return hostOf(first); // internal normalized form [options, cb]
  if (first && typeof first === 'object') return first.path ? null : (first.host ?? 'localhost');
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null; // a pipe path
  return typeof args[1] === 'string' ? args[1] : 'localhost';
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const host = hostOf(args);
  if (host !== null && !LOOPBACK.has(host)) {
    record('connect', host);
    const error = Object.assign(new Error(`loopback guard: connection to ${host} refused`), { code: 'ECONNREFUSED' });
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, options, callback) {
  const cb = typeof options === 'function' ? options : callback;
  if (!LOOPBACK.has(hostname)) {
    record('dns', hostname);
    const error = Object.assign(new Error(`loopback guard: DNS look-up of ${hostname} refused`), { code: 'ENOTFOUND', hostname });
    return process.nextTick(() => cb(error));
  }
  return lookup.call(this, hostname, options, callback);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function guardedLookupPromise(hostname, options) {
  if (!LOOPBACK.has(hostname)) {
    record('dns', hostname);
    return Promise.reject(Object.assign(new Error(`loopback guard: DNS look-up of ${hostname} refused`), { code: 'ENOTFOUND', hostname }));
  }
  return lookupPromise.call(this, hostname, options);
};
