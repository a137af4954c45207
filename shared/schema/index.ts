/** Zod schemas of every wire type: shared by server validation, the extension and the OpenAPI document. */
export * from './audit.js';
export * from './api.js';
export * from './crawl.js';
