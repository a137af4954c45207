/**
 * A store-only ZIP archive (no compression), written by hand so the browser and Node build the same bytes with
 * nothing to load: the local headers, the central directory and its end record of the ZIP format (PKWARE's
 * APPNOTE), names in UTF-8 (general purpose bit 11), CRC-32 of each file. The fixes archive is a few hundred
 * kilobytes of text at most, so the 4 GB and 65,535-entry limits of the classic format never bind.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
}

/** The archive's bytes. `date` sets every entry's modification time (MS-DOS format, 2-second steps). */
export function zipStore(entries: readonly ZipEntry[], date = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const time = ((date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2)) & 0xffff;
  const day = (((Math.max(1980, date.getFullYear()) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate()) & 0xffff;
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
    const crc = crc32(data);
    const local = header(30, name);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    fields(lv, 4, { version: 20, flags: 0x0800, time, day, crc, size: data.length, nameLength: name.length });
    locals.push(local, data);
    const central = header(46, name);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    // Made by Unix, version 2.0: unzip then takes the UTF-8 names as they are (for MS-DOS it would translate them
    // from code page 437), and the file mode below (a regular file, rw-r--r--).
    cv.setUint16(4, 0x0314, true);
    cv.setUint32(38, 0o100644 << 16, true);
    fields(cv, 6, { version: 20, flags: 0x0800, time, day, crc, size: data.length, nameLength: name.length });
    cv.setUint32(42, offset, true);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

/** A header of `size` fixed bytes followed by the name. */
function header(size: number, name: Uint8Array): Uint8Array {
  const out = new Uint8Array(size + name.length);
  out.set(name, size);
  return out;
}

/** The fields local and central headers share, from `at` (version needed to extract, onwards). */
function fields(
  view: DataView,
  at: number,
  f: { version: number; flags: number; time: number; day: number; crc: number; size: number; nameLength: number },
): void {
  view.setUint16(at, f.version, true);
  view.setUint16(at + 2, f.flags, true);
  view.setUint16(at + 4, 0, true); // stored, no compression
  view.setUint16(at + 6, f.time, true);
  view.setUint16(at + 8, f.day, true);
  view.setUint32(at + 10, f.crc, true);
  view.setUint32(at + 14, f.size, true); // compressed size
  view.setUint32(at + 18, f.size, true); // uncompressed size
  view.setUint16(at + 22, f.nameLength, true);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Base64 of bytes, for a `data:` URL (no Buffer or btoa needed). */
export function toBase64(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? alphabet[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? alphabet[n & 63]! : '=';
  }
  return out;
}
