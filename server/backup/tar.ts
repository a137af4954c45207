/**
 * The little of the POSIX ustar format a backup needs (regular files, paths up to 255 bytes), written and
 * read as streams: a 512-byte header per file, its bytes padded to 512, two zero blocks at the end. Every
 * header carries its checksum, which the reader verifies, so `tar tf` lists a backup and a damaged header is
 * caught. (gzip around it, when asked for, adds its CRC-32.)
 */
export const BLOCK = 512;

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  const cut = name.lastIndexOf('/', 155);
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new TarFormatError(`path too long for the archive: ${name}`);
  return { name: name.slice(cut + 1), prefix: name.slice(0, cut) };
}

/** The header block of a regular file. */
export function header(path: string, size: number, mtimeMs: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  block.write(name, 0, 100);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtimeMs / 1000), 12), 136);
  block.write('        ', 148); // the checksum counts its own field as spaces
  block.write('0', 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345, 155);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += block[i]!;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

export const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
export const END = Buffer.alloc(2 * BLOCK);

export interface TarEntry {
  path: string;
  size: number;
}

/**
 * Reads a tar stream: `onFile` gets each file's header and then its bytes in chunks (it must consume them
 * before the next). Rejects on a bad header checksum, a type other than a regular file, or an end before the
 * two zero blocks (a truncated archive).
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onFile: (entry: TarEntry) => { data(chunk: Buffer): void | Promise<void>; end(): void | Promise<void> },
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { left: number; pad: number; sink: ReturnType<typeof onFile> } | null = null;
  let ended = false;
  for await (const chunk of input) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.left > 0) {
          if (pending.length === 0) break;
          const take = Math.min(current.left, pending.length);
          await current.sink.data(pending.subarray(0, take));
          pending = pending.subarray(take);
          current.left -= take;
          continue;
        }
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        await current.sink.end();
        current = null;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        break;
      }
      const entry = parseHeader(block);
      current = { left: entry.size, pad: padding(entry.size).length, sink: onFile(entry) };
    }
  }
  if (!ended) throw new TarFormatError('the archive ends in the middle: it is truncated');
}

function parseHeader(block: Buffer): TarEntry {
  const field = (start: number, length: number) => block.toString('latin1', start, start + length).replace(/\0.*$/s, '');
  const stored = parseInt(field(148, 8).trim(), 8);
  const copy = Buffer.from(block);
  copy.write('        ', 148);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  if (stored !== sum) throw new TarFormatError('a header of the archive is damaged (its checksum does not match)');
  const type = field(156, 1);
  if (type !== '0' && type !== '') throw new TarFormatError(`the archive holds something other than a file (type ${JSON.stringify(type)})`);
  const size = parseInt(field(124, 12).trim(), 8);
  const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('a header of the archive is damaged (its size)');
  return { path: prefix ? `${prefix}/${name}` : name, size };
}
