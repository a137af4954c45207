/** Every fix as one ZIP archive (shared/fixes: the tree citable fix writes), saved on demand from the dashboard. */
import { fixFiles } from '../../../shared/fixes/archive.js';
import { zipStore } from '../../../shared/fixes/zip.js';
import type { Fix } from '../../../shared/fixes/types.js';
import { saveFile } from './save-file.js';

export function saveFixesArchive(fixes: readonly Fix[], name: string): string {
  const bytes = zipStore(fixFiles(fixes).map((f) => ({ name: f.name, data: f.text })));
  saveFile(name, 'application/zip', bytes as Uint8Array<ArrayBuffer>);
  return name;
}
