/**
 * A template folder sent as a `.zip` archive, read with yauzl (this folder is the one that imports
 * it). Refused with typed errors before anything is stored: paths that leave the folder (yauzl's
 * strict file names refuse absolute paths, `..` and backslashes; storage/template-files.ts checks
 * again), symbolic links, more entries than the file limit, and a zip bomb — the sizes the archive
 * declares are summed before inflating, and the bytes inflated are counted as they come (yauzl
 * also fails an entry whose inflated size differs from its declaration), so no more than the limit
 * is ever inflated.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { ServiceError } from '../../api/errors.js';

export interface ArchiveLimits {
  readonly maxFiles: number;
  /** Bytes of all files once inflated. */
  readonly maxTotalBytes: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const invalid = (message: string) => new ServiceError('validation_error', `archive: ${message}`);
const tooLarge = (limit: number) => new ServiceError('payload_too_large', `archive: its files inflate to more than ${limit} bytes`);

/** Reads the archive at `path` (yauzl reads the parts it needs from the file: it is never loaded whole). */
export async function readZip(path: string, limits: ArchiveLimits): Promise<Map<string, Uint8Array>> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(path,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true, autoClose: false },
      (error, file) => (error === null ? resolve(file) : reject(invalid(error.message))));
  });
  try {
    return await readEntries(zip, limits);
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  let declared = 0;
  let inflated = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: ServiceError) => { reject(error); zip.close(); };
    zip.on('error', (error: Error) => fail(invalid(error.message)));
    zip.on('end', () => resolve(files));
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName.endsWith('/')) { zip.readEntry(); return; } // a folder: its files name it
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) { fail(invalid(`'${entry.fileName}' is a symbolic link`)); return; }
      if (files.size >= limits.maxFiles) { fail(invalid(`more than ${limits.maxFiles} files`)); return; }
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) { fail(tooLarge(limits.maxTotalBytes)); return; }
      zip.openReadStream(entry, (error, stream) => {
        if (error !== null) { fail(invalid(`'${entry.fileName}': ${error.message}`)); return; }
        collect(stream, () => (inflated > limits.maxTotalBytes ? tooLarge(limits.maxTotalBytes) : undefined), (n) => { inflated += n; })
          .then((content) => { files.set(entry.fileName, content); zip.readEntry(); }, (failure: unknown) => {
            fail(failure instanceof ServiceError ? failure : invalid(`'${entry.fileName}': ${(failure as Error).message}`));
          });
      });
    });
    zip.readEntry();
  });
}

/** The stream's bytes; `over` is asked after every chunk and stops the read with its error. */
function collect(stream: Readable, over: () => ServiceError | undefined, count: (n: number) => void): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      count(chunk.length);
      const error = over();
      if (error !== undefined) { stream.destroy(); reject(error); return; }
      chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}
