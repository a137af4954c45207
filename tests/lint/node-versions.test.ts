/**
 * `npm install` on a supported Node warns EBADENGINE for packages that declare a newer Node. The "Node
 * versions" section of docs/operations.md says which Node versions are supported and tested, and why each
 * such warning is harmless, naming every package that gives one; README's Set-up names the minimum too.
 * Computed from the lockfile with semver (as npm does), so a new dependency with a newer engine fails here
 * until the docs say why it is harmless.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string }; optional?: boolean }>;
};
/** A `## ` section of a Markdown file, up to the next one. */
function section(file: string, heading: string): string {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const from = text.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`${file} has no ${heading}`);
  const end = text.indexOf('\n## ', from + 1);
  return text.slice(from, end < 0 ? undefined : end);
}
const nodeVersions = section('docs/operations.md', '## Node versions');
const setUp = section('README.md', '## Set-up');
const oldest = semver.minVersion(pkg.engines.node)!.version;

/** Installed packages (platform binaries npm skips elsewhere left out) whose declared Node excludes `version`. */
function warnedOn(version: string): string[] {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    const range = entry.engines?.node;
    if (!where || entry.optional || !range) continue;
    if (!semver.satisfies(version, range)) names.add(where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

describe('Node versions (docs/operations.md, README)', () => {
  it('the supported minimum is the one package.json declares', () => {
    expect(nodeVersions).toContain(`Node ${semver.major(oldest)}.${semver.minor(oldest)} or later`);
    expect(setUp).toContain(`Node ${semver.major(oldest)}.${semver.minor(oldest)} or later`);
  });

  it('names every package npm warns about (EBADENGINE) on the oldest supported Node', () => {
    const warned = warnedOn(oldest);
    expect(warned.length).toBeGreaterThan(0); // today: wxt and puppeteer-core, with one dependency each
    for (const name of warned) expect(nodeVersions, name).toContain(`\`${name}\``);
  });
});
