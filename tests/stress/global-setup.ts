/**
 * Builds the server once (`node scripts/build.mjs`) and copies dist/ to a directory of this run, so a
 * test elsewhere rebuilding dist/ meanwhile (the process tests, the e2e setup) cannot hand a stress
 * test a half-written bundle. The copy stays inside the repository: the bundle's packages are external
 * and resolve from node_modules/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the built server (dist/server.mjs) copied for this run. */
    stressServerBundle: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject): () => void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dir = path.join(ROOT, '.tmp', `stress-dist-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  cpSync(path.join(ROOT, 'dist'), dir, { recursive: true });
  project.provide('stressServerBundle', path.join(dir, 'server.mjs'));
  return () => rmSync(dir, { recursive: true, force: true });
}
