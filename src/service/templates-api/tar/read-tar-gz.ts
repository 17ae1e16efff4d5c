/**
 * A template folder sent as a `.tar.gz` (`.tgz`) archive, read with tar-stream behind node:zlib's
 * gunzip (this folder is the one that imports tar-stream). The same refusals as a `.zip`
 * (zip/read-zip.ts), typed, before anything is stored: names that leave the folder (absolute,
 * `..`, backslashes), symbolic and hard links, devices and fifos, more entries than the file
 * limit, and a bomb — the sizes the headers declare are summed before a file is read, and every
 * byte gunzip produces (file contents, headers, padding, trailing garbage) is counted as it comes
 * against the limit plus the room headers take, so no more than that is ever inflated, whatever
 * the headers or the gzip trailer claim.
 */
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { ServiceError } from '../../api/errors.js';
import type { ArchiveLimits } from '../zip/read-zip.js';

/** A tar block; each entry takes a header block (two with a long name or pax attributes) and pads its content to one. */
const BLOCK = 512;

const invalid = (message: string) => new ServiceError('validation_error', `archive: ${message}`);
const tooLarge = (limit: number) => new ServiceError('payload_too_large', `archive: its files inflate to more than ${limit} bytes`);

export async function readTarGz(path: string, limits: ArchiveLimits): Promise<Map<string, Uint8Array>> {
  const inflatedBound = limits.maxTotalBytes + (limits.maxFiles + 16) * 4 * BLOCK;
  let inflated = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      if (inflated > inflatedBound) done(tooLarge(limits.maxTotalBytes));
      else done(null, chunk);
    },
  });
  const source = createReadStream(path);
  const extract = tar.extract();
  // its failure also ends the iteration below (the extract stream is destroyed with it)
  const piping = pipeline(source, createGunzip(), counter, extract).then(() => undefined, (error: unknown) => error);
  try {
    const files = await readEntries(extract, limits);
    const failure = await piping;
    if (failure !== undefined) throw failure;
    return files;
  } catch (error) {
    throw error instanceof ServiceError ? error : invalid((error as Error).message);
  } finally {
    source.destroy();
    extract.destroy();
    await piping;
  }
}

async function readEntries(extract: tar.Extract, limits: ArchiveLimits): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  let declared = 0;
  for await (const entry of extract) {
    const name = folderPath(entry.header.name);
    const type = entry.header.type ?? 'file';
    if (type === 'directory' || name === '') { await drain(entry); continue; } // a folder: its files name it
    if (type !== 'file' && type !== 'contiguous-file') throw invalid(`'${entry.header.name}' is ${KIND[type] ?? `a ${type} entry`}, not a file`);
    if (files.has(name)) throw invalid(`'${name}' appears twice`);
    if (files.size >= limits.maxFiles) throw invalid(`more than ${limits.maxFiles} files`);
    declared += entry.header.size ?? 0;
    if (declared > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes);
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    files.set(name, new Uint8Array(Buffer.concat(chunks)));
  }
  return files;
}

const KIND: Partial<Record<string, string>> = {
  symlink: 'a symbolic link', link: 'a hard link', 'character-device': 'a device', 'block-device': 'a device', fifo: 'a fifo',
};

/** The entry's path in the folder: `./` prefixes (what `tar -C dir .` writes) dropped; refused when it could leave the folder. */
function folderPath(raw: string): string {
  let name = raw;
  while (name.startsWith('./')) name = name.slice(2);
  if (name === '.') name = '';
  if (name.endsWith('/')) name = name.slice(0, -1);
  if (name === '') return '';
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) throw invalid(`'${raw}' is an absolute path`);
  if (name.includes('\\') || name.includes('\0')) throw invalid(`'${raw}' holds a backslash or NUL`);
  if (name.split('/').some((segment) => segment === '..' || segment === '' || segment === '.')) throw invalid(`'${raw}' leaves the template's folder`);
  return name;
}

async function drain(entry: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of entry) { /* a folder entry has no content worth keeping */ }
}
