export * from './audit.js';
export * from './fetcher.js';
export * from './snapshot.js';
export * from './renderer.js';
