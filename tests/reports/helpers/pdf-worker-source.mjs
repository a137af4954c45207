// The PDF thread from its TypeScript source, for tests (the built server runs dist/pdf-worker.mjs).
// A worker thread has its own copy of node:net: the network sentinel is installed here too.
import { register } from 'tsx/esm/api';

register();
const { installNetworkSentinel } = await import('../../helpers/network-sentinel.ts');
installNetworkSentinel();
await import('../../../server/reports/pdf/pdf-worker.ts');
