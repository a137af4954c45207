import { main } from './dispatch.js';

/**
 * Runs `citable <argv>` as the whole process: the exit code is the command's, and the process exits
 * once stdout has drained (a pipe may still hold the report) without waiting on stray sockets.
 * A thrown error is an internal error (exit 3), never a stack trace on stdout.
 */
export async function runAsProgram(argv: string[]): Promise<void> {
  const code = await main(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env }).catch((err: unknown) => {
    process.stderr.write(`citable: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  });
  process.stdout.write('', () => process.exit(code));
}
