/**
 * The three auditors compared, each run as its own Node process exactly as a user runs it from the
 * command line, with the loopback guard preloaded (bench/lib/loopback-guard.cjs) into every one of them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const GUARD = path.join(ROOT, 'bench/lib/loopback-guard.cjs');

export type ToolId = 'citable' | 'aiseo-audit' | 'agent-readability';

export interface Tool {
  id: ToolId;
  label: string;
  version: string;
  /** Script run by `node` and its arguments, for a page URL and the origin of its site. */
  argv(pageUrl: string, origin: string): string[];
  /** Shown in BENCHMARKS.md and the report: the command a person would type. */
  command: string;
  env?: Record<string, string>;
  /** Minimum Node version the package declares (engines.node), if any. */
  nodeRange?: string;
}

function packageJson(dir: string): { version: string; engines?: { node?: string } } {
  return JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
}

export function loadTools(): Tool[] {
  const ours = packageJson('.');
  const aiseo = packageJson('node_modules/aiseo-audit');
  const vercel = packageJson('node_modules/@vercel/agent-readability');
  return [
    {
      id: 'citable',
      label: 'Citable',
      version: ours.version,
      argv: (page) => [path.join(ROOT, 'bin/citable.cjs'), 'audit', page, '--json'],
      command: 'AUDIT_ALLOW_PRIVATE=1 node bin/citable.cjs audit <page> --json',
      env: { AUDIT_ALLOW_PRIVATE: '1' },
      nodeRange: ours.engines?.node,
    },
    {
      id: 'aiseo-audit',
      label: 'aiseo-audit',
      version: aiseo.version,
      argv: (page) => [path.join(ROOT, 'node_modules/aiseo-audit/bin/aiseo-audit.js'), page, '--json'],
      command: 'node_modules/.bin/aiseo-audit <page> --json',
      nodeRange: aiseo.engines?.node,
    },
    {
      id: 'agent-readability',
      label: '@vercel/agent-readability',
      version: vercel.version,
      argv: (_page, origin) => [path.join(ROOT, 'node_modules/@vercel/agent-readability/dist/cli/index.cjs'), 'audit', origin, '--json'],
      command: 'node_modules/.bin/agent-readability audit <origin> --json',
      nodeRange: vercel.engines?.node,
    },
  ];
}

/** `>=20.19` style ranges only (what these packages declare); anything else is reported, not judged. */
export function satisfiesNode(range: string | undefined, version = process.versions.node): boolean | undefined {
  if (!range) return true;
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) return undefined;
  const want = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const have = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (have[i]! !== want[i]!) return have[i]! > want[i]!;
  return true;
}

export interface ToolRun {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
  json?: unknown;
}

/** Spawns one audit and times the whole process, from spawn to exit with its output collected. */
export function runTool(
  tool: Tool,
  pageUrl: string,
  origin: string,
  opts: { guardLog: string; home: string; timeoutMs: number },
): Promise<ToolRun> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: opts.home,
    NO_COLOR: '1',
    LOOPBACK_GUARD_LOG: opts.guardLog,
    ...tool.env,
  };
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--require', GUARD, ...tool.argv(pageUrl, origin)], {
      cwd: opts.home,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ ms, code, stdout, stderr: Buffer.concat(err).toString('utf8'), json });
    });
  });
}
