// The upload counting thread from its TypeScript source (tests, and the server run through tsx without a build):
// tsx's loader registered in this thread, then upload-parse-worker.ts. The built server runs dist/upload-parse-worker.mjs.
import { register } from 'tsx/esm/api';

register();
await import('./upload-parse-worker.ts');
