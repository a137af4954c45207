/**
 * npm 11 lists the installed packages whose install scripts the project has not reviewed (a later npm will
 * refuse to run them). Every package of the lockfile with an install script must be covered by package.json's
 * `allowScripts` (approved or denied) and named in the "Install scripts" section of docs/dependencies.md, so a
 * new dependency with one fails here until someone has looked at it and said why it may run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const docs = readFileSync(path.join(ROOT, 'docs/dependencies.md'), 'utf8');
const section = docs.slice(docs.indexOf('\n## Install scripts\n'));

/** Names of the installed packages that declare an install script (the root project's own scripts left out). */
const withInstallScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort();

describe('install scripts', () => {
  it('the lockfile has some (a sanity check of the reading): esbuild, msgpackr-extract today', () => {
    expect(withInstallScripts).toEqual(expect.arrayContaining(['esbuild']));
  });

  it.each(withInstallScripts.map((name) => [name]))('%s: reviewed in allowScripts and explained in docs/dependencies.md', (name) => {
    const entries = Object.keys(pkg.allowScripts ?? {}).filter((spec) => spec === name || spec.startsWith(`${name}@`));
    expect(entries, `npm approve-scripts ${name} (or npm deny-scripts ${name}), then say why in docs/dependencies.md`).not.toEqual([]);
    expect(section).toContain(`**\`${name}\`**`);
  });
});
