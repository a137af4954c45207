/**
 * Gunzip for log files, which are often cut short (a copy stopped halfway, a log rotated while written). Node's
 * gunzip decompresses the last piece it is given with Z_FINISH, and on a truncated stream that call fails and its
 * output is dropped: every line in the last piece read was lost (up to a megabyte of compressed log), and how
 * many depended on how the bytes arrived. Here the input is first flushed with Z_SYNC_FLUSH, which hands over
 * everything decompressible, and only then ended: a cut stream still fails (so the cut is reported), with
 * nothing left in it.
 */
import type { Readable } from 'node:stream';
import { constants, createGunzip, type Gunzip } from 'node:zlib';

export function createLogGunzip(): Gunzip {
  return createGunzip({ chunkSize: 256 * 1024 });
}

/** Ends `gunzip` once everything written to it is decompressed and handed over. */
export function endLogGunzip(gunzip: Gunzip): void {
  if (gunzip.destroyed || gunzip.writableEnded) return;
  gunzip.flush(constants.Z_SYNC_FLUSH, () => {
    if (!gunzip.destroyed && !gunzip.writableEnded) gunzip.end();
  });
}

/** `source` gunzipped: its errors end the gunzip with them, its end ends it as endLogGunzip does. */
export function gunzipLog(source: Readable): Gunzip {
  const gunzip = createLogGunzip();
  source.pipe(gunzip, { end: false });
  source.once('end', () => endLogGunzip(gunzip));
  source.on('error', (e) => gunzip.destroy(e));
  return gunzip;
}
