// The logo thread from its TypeScript source (tests, and the server run through tsx without a build):
// tsx's loader registered in this thread, then logo-worker.ts. The built server runs dist/logo-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./logo-worker.ts');
