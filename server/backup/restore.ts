/**
 * `citable restore`: a backup back into DATA_DIR (docs/operations.md#backups). It refuses while a server
 * runs on that directory (it holds the directory's lock, so none can start meanwhile), and refuses a damaged
 * or truncated file, saying why: the archive is unpacked into a new directory beside DATA_DIR and checked
 * against its manifest (every file present, of its size and SHA-256; gzip's CRC and the tar headers' sums
 * too) before anything replaces DATA_DIR. An existing DATA_DIR with data is only replaced with --replace,
 * and then kept beside it, renamed, never deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { lockDataDir } from '../store/lowdb/infra/data-dir-lock.js';
import { fsyncDirectory } from '../store/lowdb/infra/durable-write.js';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, type Manifest } from './archive-writer.js';
import { readTar, TarFormatError } from './tar.js';

/** A restore that must not happen, with the reason to show. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreResult {
  files: number;
  createdAt: string;
  /** Where the data directory that was there went (with --replace), or null. */
  movedAside: string | null;
}

const SAFE_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

interface Unpacked {
  files: Map<string, { size: number; sha256: string }>;
  manifest: Manifest | null;
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Unpacks into `dir`, hashing each file; the manifest is kept in memory. */
async function unpack(file: string, dir: string): Promise<Unpacked> {
  const files = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | null = null;
  const gzip = await isGzip(file);
  const raw = createReadStream(file);
  const input = gzip ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  await readTar(input, ({ path: name, size }) => {
    if (!SAFE_PATH.test(name) || files.has(name))
      throw new RestoreRefused(`the archive names an unsafe or repeated path: ${JSON.stringify(name)}`);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let handle: Promise<FileHandle> | null = null;
    const target = path.join(dir, name);
    const opened = () => (handle ??= mkdir(path.dirname(target), { recursive: true, mode: 0o700 }).then(() => open(target, 'wx', 0o600)));
    return {
      async data(chunk) {
        hash.update(chunk);
        if (name === MANIFEST_NAME) chunks.push(Buffer.from(chunk));
        else await (await opened()).write(chunk);
      },
      async end() {
        if (name === MANIFEST_NAME) {
          manifest = parseManifest(Buffer.concat(chunks));
          return;
        }
        const h = await opened();
        await h.sync();
        await h.close();
        files.set(name, { size, sha256: hash.digest('hex') });
      },
    };
  });
  return { files, manifest };
}

function parseManifest(bytes: Buffer): Manifest {
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new Error('not a Citable backup manifest');
    return manifest;
  } catch {
    throw new RestoreRefused('the archive is not a Citable backup: its MANIFEST.json does not parse');
  }
}

/** Every file the manifest lists is there with its size and checksum, and nothing else. */
function verify({ files, manifest }: Unpacked): Manifest {
  if (!manifest) throw new RestoreRefused('the archive has no MANIFEST.json at its end: it is truncated or not a Citable backup');
  if (manifest.version > BACKUP_VERSION)
    throw new RestoreRefused(
      `the backup is format version ${manifest.version}, newer than this Citable reads (${BACKUP_VERSION}): upgrade Citable`,
    );
  for (const listed of manifest.files) {
    const found = files.get(listed.path);
    if (!found) throw new RestoreRefused(`the archive lacks ${listed.path}, which its manifest lists: it is damaged`);
    if (found.size !== listed.size || found.sha256 !== listed.sha256)
      throw new RestoreRefused(`${listed.path} does not match the checksum in the manifest: the archive is damaged`);
  }
  if (files.size !== manifest.files.length) throw new RestoreRefused('the archive holds files its manifest does not list: it is damaged');
  return manifest;
}

/** Why an archive could not be read, in words. */
function unreadable(error: unknown): Error {
  if (error instanceof RestoreRefused) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new RestoreRefused(`there is no file ${(error as NodeJS.ErrnoException).path ?? ''}`.trim());
  if (error instanceof TarFormatError) return new RestoreRefused(`${error.message}; it cannot be restored`);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String(error)))
    return new RestoreRefused('the compressed archive ends in the middle: it is truncated');
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new RestoreRefused(`the compressed archive is damaged (${(error as Error).message})`);
  return error as Error;
}

async function holdsData(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.some((n) => n !== 'server.pid');
}

export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { replace: boolean; now?: () => Date },
): Promise<RestoreResult> {
  const exists = await readdir(dataDir).then(
    () => true,
    () => false,
  );
  const lock = exists
    ? await lockDataDir(dataDir).catch((error: Error) => {
        throw new RestoreRefused(`${error.message.replace(/; stop it or choose another DATA_DIR$/, '')}: stop it before restoring`);
      })
    : null;
  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    if (exists && (await holdsData(dataDir)) && !options.replace)
      throw new RestoreRefused(`${dataDir} holds data already: restore into an empty or new DATA_DIR, or pass --replace to move it aside`);
    await mkdir(staging, { mode: 0o700 });
    const manifest = verify(await unpack(file, staging).catch((error: unknown) => Promise.reject(unreadable(error))));
    let movedAside: string | null = null;
    if (exists) {
      movedAside = `${dataDir}.before-restore-${(options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, movedAside);
      await rm(path.join(movedAside, 'server.pid'), { force: true }); // our lock, moved with it
      if (!(await holdsData(movedAside))) {
        await rm(movedAside, { recursive: true, force: true }); // it was empty: nothing to keep
        movedAside = null;
      }
    }
    await rename(staging, dataDir);
    await fsyncDirectory(path.dirname(path.resolve(dataDir)));
    return { files: manifest.files.length, createdAt: manifest.created_at, movedAside };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (lock && exists) await lock.release();
    throw error;
  }
}
