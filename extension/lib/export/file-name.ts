/** `citable-example.com-blog-post-2026-05-01.html`: the page and the day, safe on every file system. */
export function exportFileName(url: string, scannedAt: string, extension: 'html' | 'json'): string {
  let label = url;
  try {
    const u = new URL(url);
    label = `${u.hostname}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    /* not a URL: use the text */
  }
  const slug =
    label
      .replace(/\.{2,}/g, '.')
      .replace(/[^A-Za-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'page';
  const day = /^\d{4}-\d{2}-\d{2}/.test(scannedAt) ? scannedAt.slice(0, 10) : 'audit';
  return `citable-${slug}-${day}.${extension}`;
}
