/**
 * The fixes as a tree of files, the same wherever they are saved (`citable fix --out`, the dashboard's and the
 * report's archive): files to publish under `site/` at their paths, snippets under `snippets/`, examples under
 * `config/`, and `fixes.json` with every fix as the API answers it.
 */
import type { Fix } from './types.js';

export interface FixFile {
  /** A relative path with `/` separators, never leaving the archive. */
  name: string;
  text: string;
}

const CONFIG_NAMES: Record<string, string> = {
  'Markdown for agents: nginx': 'nginx.conf',
  'Markdown for agents: Cloudflare Worker': 'cloudflare-worker.js',
  'Markdown for agents: Next.js middleware': 'middleware.ts',
};

/** Where a fix is saved in the tree. */
export function fixFileName(fix: Fix): string {
  if (fix.kind === 'file' && fix.path) return `site/${safePath(fix.path)}`;
  if (fix.kind === 'config') return `config/${CONFIG_NAMES[fix.title] ?? `${slug(fix.title)}.txt`}`;
  const page = fix.path && fix.path !== '/' ? slug(fix.path) : 'home';
  return `snippets/${page}-${slug(fix.title)}.html`;
}

export function fixFiles(fixes: readonly Fix[]): FixFile[] {
  const files = fixes.map((fix) => ({ name: fixFileName(fix), text: fix.content }));
  return [...files, { name: 'fixes.json', text: `${JSON.stringify({ fixes }, null, 2)}\n` }];
}

/** A URL path as a relative file path: no empty, `.` or `..` segments, no characters file systems refuse. */
export function safePath(path: string): string {
  const segments = path
    .split('?')[0]!
    .split('/')
    .filter((s) => s && s !== '.' && s !== '..')
    .map((s) => s.replace(/[\\:*?"<>|\u0000-\u001f]/g, '_'));
  if (!segments.length || path.endsWith('/')) segments.push('index.html');
  return segments.join('/');
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'fix'
  );
}
