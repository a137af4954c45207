/** `citable logs -` as a process reading a real pipe: gzip on standard input, the JSON on stdout, nothing on stderr. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { trafficSchema } from '../../shared/schema/traffic.js';
import { NGINX_LINES } from './samples.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function citable(args: string[], input: Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: '/nonexistent-citable-data' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('citable logs - as a process', () => {
  it('reads gzip from a pipe, in chunks, to the end', async () => {
    const lines = Array.from({ length: 4000 }, (_, i) => NGINX_LINES[i % NGINX_LINES.length]).join('\n');
    const { code, stdout, stderr } = await citable(['logs', '-', '--json'], gzipSync(Buffer.from(`${lines}\n`)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const t = trafficSchema.parse((JSON.parse(stdout) as { traffic: unknown }).traffic);
    expect([t.lines, t.parsed, t.skipped]).toEqual([4000, 4000, 0]);
    expect(t.agents.find((a) => a.agent === 'GPTBot')?.hits).toBe(800);
  }, 60_000);
});
