import type { CliIo } from '../../server/cli/main.js';

/** An in-memory terminal for `main(argv, io)`: captures stdout and stderr. */
export function memoryIo(env: Record<string, string | undefined> = {}, tty = false): CliIo & { out(): string; err(): string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (s: string) => (out += s), isTTY: tty, columns: 100 },
    stderr: { write: (s: string) => (err += s), isTTY: tty },
    env,
    out: () => out,
    err: () => err,
  };
}

/** A page the CLI tests audit: a bit of everything the report shows. */
export function samplePage(title = 'Pour-over coffee guide'): string {
  const scripts = Array.from({ length: 3 }, (_, i) => `<script src="/app-${i}.js"></script>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="How to brew pour-over coffee at home with the right ratio, grind and water temperature.">
${scripts}</head><body><main><article><h1>${title}</h1>
<p>${'Use a 1:16 ratio of coffee to water and a medium-fine grind. '.repeat(30)}</p></article></main></body></html>`;
}
