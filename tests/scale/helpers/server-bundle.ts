/**
 * The server (and its audit worker) bundled for this test file alone (the same esbuild options as scripts/build.mjs), in a
 * directory of its own inside the repository (its packages stay external and resolve from node_modules):
 * another test rebuilding dist/ meanwhile cannot hand these tests a half-written bundle.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerBundle {
  /** The bundle's entry (server.mjs). */
  file: string;
  root: string;
  remove(): Promise<void>;
}

export async function buildServerBundle(): Promise<ServerBundle> {
  const parent = path.join(ROOT, '.tmp');
  await mkdir(parent, { recursive: true });
  const outdir = await mkdtemp(path.join(parent, 'scale-dist-'));
  await build({
    entryPoints: [
      { in: path.join(ROOT, 'server/main.ts'), out: 'server' },
      // The audit worker thread, beside the server as in dist/ (the server falls back to its own thread without it).
      ...(existsSync(path.join(ROOT, 'server/audits/audit-worker.ts'))
        ? [{ in: path.join(ROOT, 'server/audits/audit-worker.ts'), out: 'audit-worker' }]
        : []),
      // The logo thread (SVG logos are sanitised on it only), as in dist/.
      ...(existsSync(path.join(ROOT, 'server/reports/branding/logo-worker.ts'))
        ? [{ in: path.join(ROOT, 'server/reports/branding/logo-worker.ts'), out: 'logo-worker' }]
        : []),
    ],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    absWorkingDir: ROOT,
  });
  return { file: path.join(outdir, 'server.mjs'), root: ROOT, remove: () => rm(outdir, { recursive: true, force: true }) };
}
