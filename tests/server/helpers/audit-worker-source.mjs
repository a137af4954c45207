// The audit worker from its TypeScript source, for tests (the built server runs dist/audit-worker.mjs).
import { register } from 'tsx/esm/api';

register();
await import('../../../server/audits/audit-worker.ts');
