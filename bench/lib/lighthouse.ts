/**
 * Google Lighthouse (npm `lighthouse`, a devDependency) for the render bench's side-by-side figure: its SEO category
 * on one page, whole process, on the full Chromium in new headless mode as its documentation runs it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The installed `lighthouse` command, or null when the devDependency is missing. */
export function lighthouseBin(root: string): string | null {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  return existsSync(bin) ? bin : null;
}

export interface LighthouseRun {
  ms: number;
  /** The SEO category's score, 0 to 100: proof it judged the page. */
  seoScore: number;
}

export function runLighthouse(bin: string, url: string, chromePath: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'citable-lighthouse-'));
  const output = path.join(dir, 'report.json');
  const args = [
    url,
    '--only-categories=seo',
    '--chrome-flags=--headless=new --no-sandbox',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CHROME_PATH: chromePath };
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    execFile(bin, args, { env, maxBuffer: 64 << 20, timeout: 180_000 }, (error, _stdout, stderr) => {
      const ms = performance.now() - t0;
      try {
        if (error) return reject(new Error(`lighthouse: ${stderr.slice(-500) || error.message}`));
        const report = JSON.parse(readFileSync(output, 'utf8')) as { categories: { seo: { score: number } } };
        resolve({ ms, seoScore: Math.round(report.categories.seo.score * 100) });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
