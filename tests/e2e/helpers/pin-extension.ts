import { createHash } from 'node:crypto';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The id Chromium gives an unpacked extension loaded from `dir`: the first 128 bits of SHA-256 over its
 * absolute path, each hex digit written as a letter a-p (crx_file::id_util::GenerateIdForPath).
 */
export async function unpackedExtensionId(dir: string): Promise<string> {
  const digest = createHash('sha256')
    .update(await realpath(dir))
    .digest('hex')
    .slice(0, 32);
  return [...digest].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('');
}

/**
 * Pins the extension to the toolbar in a new profile, as a user who keeps its icon there (the
 * `extensions.pinned_extensions` preference, which Chromium reads at start). An unpinned extension's
 * action first slides its icon out of the extensions menu into the toolbar (an animation of about 250 ms)
 * and opens the popup only after that.
 */
export async function pinInProfile(profileDir: string, extensionDir: string): Promise<string> {
  const id = await unpackedExtensionId(extensionDir);
  await mkdir(path.join(profileDir, 'Default'), { recursive: true });
  await writeFile(path.join(profileDir, 'Default', 'Preferences'), JSON.stringify({ extensions: { pinned_extensions: [id] } }));
  return id;
}
