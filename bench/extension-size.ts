/**
 * Sizes of every file of the store build, raw and gzipped, and the popup's JavaScript total
 * (goal: at most 120 KB gzipped). Run: npx wxt build && npx tsx bench/extension-size.ts [dir]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { figure, printBenchResult } from './lib/bench-result.js';

const dir = path.resolve(process.argv[2] ?? '.output/chrome-mv3');
const files = (function walk(d: string): string[] {
  return readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)]));
})(dir);

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;
console.log(`${'file'.padEnd(48)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)}`);
for (const f of files.sort())
  console.log(`${path.relative(dir, f).padEnd(48)} ${kb(statSync(f).size).padStart(11)} ${kb(gz(f)).padStart(11)}`);

/** The popup's JS: the scripts popup.html loads plus every chunk they import, transitively. */
function popupScripts(): string[] {
  const html = readFileSync(path.join(dir, 'popup.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => path.join(dir, m[1]!));
  const seen = new Set<string>();
  while (queue.length) {
    const f = queue.shift()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of readFileSync(f, 'utf8').matchAll(/(?:from|import)\s*\(?\s*["']([^"']+\.js)["']/g))
      queue.push(path.resolve(path.dirname(f), m[1]!));
  }
  return [...seen];
}
const popup = popupScripts();
const total = popup.reduce((n, f) => n + gz(f), 0);
console.log(
  `\npopup JavaScript (${popup.map((f) => path.relative(dir, f)).join(', ')}): ${kb(total)} gzipped (goal ≤ 120 KB: ${total <= 120 * 1024 ? 'met' : 'NOT met'})`,
);
printBenchResult({ name: 'extension-size', figures: [figure('popup JavaScript, gzipped', total / 1024, 'KB', { max: 120 })] });
