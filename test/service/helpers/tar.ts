/**
 * A `.tar.gz` written byte by byte (ustar headers, POSIX.1-1988), so tests can make what no
 * archiver writes on purpose: names leaving the folder, links, devices, a header whose size lies.
 */
import { gzipSync } from 'node:zlib';

export interface TarEntry {
  readonly name: string;
  readonly data?: string | Uint8Array;
  /** '0' file (default), '1' hard link, '2' symbolic link, '3'/'4' devices, '5' folder, '6' fifo. */
  readonly type?: string;
  readonly linkname?: string;
  /** Written in the header instead of the content's length (the content follows as it is). */
  readonly declaredSize?: number;
}

const BLOCK = 512;

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const put = (text: string, at: number, length: number) => { block.write(text.slice(0, length), at, length, 'utf8'); };
  const octal = (value: number, at: number, length: number) => put(`${value.toString(8).padStart(length - 1, '0')}\0`, at, length);
  put(entry.name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(entry.declaredSize ?? size, 124, 12);
  octal(0, 136, 12);
  put('        ', 148, 8);
  put(entry.type ?? '0', 156, 1);
  put(entry.linkname ?? '', 157, 100);
  put('ustar\x0000', 257, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** The entries as a tar, then gzipped; `trailer` (zeros by default) may follow the end-of-archive blocks. */
export function makeTarGz(entries: readonly TarEntry[], trailer?: Uint8Array): Uint8Array {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data ?? new Uint8Array());
    parts.push(header(entry, data.length), data, Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  if (trailer !== undefined) parts.push(Buffer.from(trailer));
  return new Uint8Array(gzipSync(Buffer.concat(parts)));
}
