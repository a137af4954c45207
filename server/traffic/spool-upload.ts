/**
 * An upload of a log file, streamed to a spool file under the spool directory (never held in memory), hashed
 * with SHA-256 as it streams, and refused past the limit (413) or with an encoding other than gzip or none
 * (415). The file is fsynced before it is answered, so an ingest created for it can always resume from it. An
 * upload that breaks off leaves nothing: its part file is removed and no ingest exists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { HttpError } from '../http/http-error.js';
import type { BodyTee } from './upload-parse.js';

export interface Spooled {
  /** The spool file, named after its project and hash (the same bytes land on the same name). */
  file: string;
  sha256: string;
  bytes: number;
}

/** The spool file of a project's upload with this hash. */
export const spoolFileOf = (dir: string, projectId: string, sha256: string) => path.join(dir, `${projectId}-${sha256}.log`);

export function checkEncoding(header: string | undefined): boolean {
  const encoding = (header ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return false;
  if (encoding === 'gzip' || encoding === 'x-gzip') return true;
  throw new HttpError(415, `Content-Encoding must be gzip or absent (got "${header}"): send the log file as it is, or gzipped`);
}

/** Spools the body; `tee` (an UploadParse) gets every byte as it arrives, and the body waits for it as for the disk. */
export async function spoolUpload(req: IncomingMessage, dir: string, projectId: string, maxBytes: number, tee?: BodyTee): Promise<Spooled> {
  let gzip: boolean;
  try {
    gzip = checkEncoding(req.headers['content-encoding']);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  } catch (error) {
    req.resume(); // the body is dropped, so the answer reaches the client
    throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const part = path.join(dir, `upload-${randomBytes(8).toString('hex')}.part`);
  try {
    const { sha256, bytes } = await copyHashed(req, part, { maxBytes, gzip, tee });
    if (bytes === 0) throw new HttpError(400, 'The body is empty: send a log file (plain or gzip)');
    const file = spoolFileOf(dir, projectId, sha256);
    await rename(part, file);
    return { file, sha256, bytes };
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

const tooLarge = (max: number) =>
  new HttpError(413, `The log file is larger than LOG_UPLOAD_MAX_BYTES (${max} bytes): split it, or gzip it`);

/**
 * Copies the body into `file`, hashing it. A body refused halfway (too large, not the gzip it claims) is read on
 * and dropped rather than destroyed, so the answer reaches the client; the connection closes after it.
 */
async function copyHashed(
  req: IncomingMessage,
  file: string,
  { maxBytes, gzip, tee }: { maxBytes: number; gzip: boolean; tee?: BodyTee | undefined },
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const out = createWriteStream(file, { mode: 0o600, highWaterMark: 1 << 20 });
  await new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  let bytes = 0;
  let refused: HttpError | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: HttpError) => {
        refused = error;
        req.off('data', onData);
        req.resume(); // read and drop the rest
        resolve();
      };
      const onData = (chunk: Buffer) => {
        if (bytes === 0 && gzip && !(chunk[0] === 0x1f && (chunk.length < 2 || chunk[1] === 0x8b)))
          return refuse(
            new HttpError(400, 'Content-Encoding is gzip but the body is not gzip data: send it without the header, or gzip it'),
          );
        bytes += chunk.length;
        if (bytes > maxBytes) return refuse(tooLarge(maxBytes));
        hash.update(chunk);
        // The body pauses until both the file and the tee have taken what they were given.
        if (!out.write(chunk)) wait((resume) => out.once('drain', resume));
        if (tee && !tee.write(chunk)) wait((resume) => tee.onDrain(resume));
      };
      let waiting = 0;
      const wait = (until: (resume: () => void) => void) => {
        if (waiting++ === 0) req.pause();
        until(() => {
          if (--waiting === 0 && refused === null) req.resume();
        });
      };
      req.on('data', onData);
      req.once('end', () => resolve());
      req.once('aborted', () => reject(new HttpError(400, 'The upload broke off before its end; nothing was counted: send it again')));
      req.once('error', reject);
      req.once('close', () =>
        req.complete ? resolve() : reject(new HttpError(400, 'The upload broke off before its end; nothing was counted: send it again')),
      );
    });
  } finally {
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
  if (refused) throw refused;
  const handle = await open(file, 'r');
  await handle.sync().finally(() => handle.close());
  return { sha256: hash.digest('hex'), bytes };
}
