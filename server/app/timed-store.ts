/**
 * Store operation durations, measured at one point: the store the server opens is wrapped once
 * (`timedStore`), and so is each sub-store it hands out, so every method of every resource is timed
 * without a line in any implementation. The operation label is `<resource>.<method>` (`audits.putAudit`,
 * `crawls.completePage`): a fixed set, whatever the data.
 */
import { Histogram } from 'prom-client';
import type { Store } from '../store/contracts/store.js';
import { metricsRegistry } from '../metrics/registry.js';

const storeSeconds = new Histogram({
  name: 'citable_store_operation_duration_seconds',
  help: 'Time a store operation took, by store (lowdb or postgres) and operation (resource.method), failures included.',
  labelNames: ['store', 'operation'],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

/** The methods of Store that hand out a sub-store (opened on first use): their result is wrapped too. */
const SUB_STORES = new Set(['citations', 'branding', 'shares', 'crawls', 'monitors', 'webhooks', 'projects']);

/** The Store's own methods, named after the resource they belong to (accounts and audits are methods of the store itself). */
const ACCOUNT_METHODS = new Set(['createAccount', 'getAccount', 'listAccounts', 'createKey', 'findKeyByHash', 'listKeys', 'revokeKey']);
const AUDIT_METHODS = new Set(['putAudit', 'getAuditJson', 'getAuditRecord', 'listAudits', 'earlierAudits', 'countAudits']);

function operationName(resource: string, method: string): string {
  if (resource !== 'store') return `${resource}.${method}`;
  if (ACCOUNT_METHODS.has(method)) return `accounts.${method}`;
  if (AUDIT_METHODS.has(method)) return `audits.${method}`;
  return `store.${method}`;
}

/** Records one operation (what the wrapper does; the benchmark fills the registry with it). */
export function observeStoreOperation(kind: string, operation: string, seconds: number): void {
  storeSeconds.labels(kind, operation).observe(seconds);
}

function timed<T extends object>(target: T, kind: string, resource: string, subStores: boolean): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      let fn = wrapped.get(property);
      if (!fn) {
        const method = value as (...args: unknown[]) => unknown;
        const operation = operationName(resource, property);
        const opened = new WeakMap<object, object>();
        fn = function (this: unknown, ...args: unknown[]) {
          const result = method.apply(object, args);
          if (subStores && SUB_STORES.has(property)) {
            // A sub-store: wrap what it resolves to (one wrapper per instance), no timing of the open itself.
            return (result as Promise<object>).then((sub) => {
              let proxy = opened.get(sub);
              if (!proxy) opened.set(sub, (proxy = timed(sub, kind, property, false)));
              return proxy;
            });
          }
          if (!(result instanceof Promise)) return result;
          const started = performance.now();
          const done = () => observeStoreOperation(kind, operation, (performance.now() - started) / 1000);
          result.then(done, done);
          return result;
        };
        wrapped.set(property, fn);
      }
      return fn;
    },
  });
}

/** The store with every operation timed; `kind` is the engine (`lowdb`, `postgres`). */
export function timedStore(store: Store, kind: string): Store {
  return timed(store, kind, 'store', true);
}
