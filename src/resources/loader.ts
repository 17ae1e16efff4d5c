/**
 * The file-system sandbox (docs/design.md §1.1): `file:` URLs are read only when they resolve inside the
 * root folder, both lexically (no `..` escape, no absolute path elsewhere) and after resolving
 * symbolic links (no link leading out). Checks are made in that order so that a path outside the
 * root is refused without revealing whether it exists.
 */
import { readFile } from 'node:fs/promises';
import { realpathSync, statSync, type BigIntStats } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoundedCache } from '../cache/bounded.js';
import { markUnchanging } from '../cache/content-digest.js';
import { sameFileVersion, settledFile } from '../cache/file-version.js';
import { OctavoError } from '../errors.js';
import { limitExceeded } from '../limits.js';

export interface FileSandbox {
  /** Absolute root folder as given (before resolving links). */
  readonly root: string;
  read(url: URL): Promise<Uint8Array>;
}

/** True when `path` is `root` itself or below it. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

function denied(url: URL, why: string): OctavoError {
  return new OctavoError('resource_denied', `${url.href} is outside the resource root (${why})`, {
    hint: 'pass a wider `root` (CLI: --root DIR) to allow a shared asset folder',
  });
}

function notFound(url: URL, why = 'no such file'): OctavoError {
  return new OctavoError('resource_not_found', `cannot read ${url.href}: ${why}`);
}

/** A file's contents as read, with the version of the file they were read from. */
interface ReadFile {
  readonly version: BigIntStats;
  readonly bytes: Uint8Array;
}

/**
 * Contents of the files read, by real path, shared by every sandbox of the process: a template's
 * fonts and images are read on every render of it (the bench invoice: ~1.5 MB, about 1 ms of CPU
 * over all threads a render). A hit still makes every check of `read` (it needs the `stat` that
 * tells the version anyway); only the readFile is saved, and the bytes handed out are the same
 * object each time, so their digest is kept too (../cache/content-digest.ts; nothing writes into
 * resource bytes: decoders and the font subsetter copy). 64 MB: a few templates' worth of fonts
 * and images (a render may read up to maxResources files of maxResourceBytes, 20 MB each by
 * default, so no bound holds every document's); the font bytes are held anyway by the parsed
 * fonts (../text/load.ts), so for them the entry costs nothing more.
 */
const FILE_CACHE_BYTES = 64 * 1024 * 1024;
const readFiles = new BoundedCache<string, ReadFile>('resources.file-contents', 4096, {
  maxWeight: FILE_CACHE_BYTES,
  weigh: (file) => file.bytes.byteLength,
});

/** The bytes of the regular file at `real`, whose stat is `info`, from the cache when that version was read before. */
async function contentsOf(real: string, info: BigIntStats): Promise<Uint8Array> {
  const known = readFiles.get(real);
  if (known !== undefined && sameFileVersion(known.version, info)) return known.bytes;
  const read = await readFile(real); // errors: typed by the sandbox's read
  const bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
  // bytes of another size than stat said: the file changed while read, so they are of no known version
  if (settledFile(info) && BigInt(bytes.byteLength) === info.size) {
    markUnchanging(bytes);
    readFiles.set(real, { version: info, bytes });
  } else if (known !== undefined) {
    readFiles.delete(real);
  }
  return bytes;
}

export function createFileSandbox(root: string, maxBytes: number): FileSandbox {
  const absoluteRoot = resolve(root);
  let realRoot: string | undefined;

  function resolvedRoot(): string {
    if (realRoot === undefined) {
      try {
        realRoot = realpathSync.native(absoluteRoot);
      } catch (error) {
        throw new OctavoError('invalid_options', `resource root ${absoluteRoot} does not exist or is not readable`, { cause: error });
      }
    }
    return realRoot;
  }

  function toPath(url: URL): string {
    let path: string;
    try {
      path = fileURLToPath(url);
    } catch (error) {
      throw new OctavoError('resource_denied', `${url.href} is not a local file URL`, { cause: error });
    }
    if (path.includes('\0')) throw new OctavoError('resource_denied', `${url.href} contains a NUL character`);
    return resolve(path);
  }

  async function read(url: URL): Promise<Uint8Array> {
    const path = toPath(url);
    if (!isInside(absoluteRoot, path)) throw denied(url, 'path escapes the root');
    const rootReal = resolvedRoot();
    // The checks are synchronous: each is a system call of some microseconds, where the
    // promise's trip through libuv's thread pool cost ~50-90 µs of wall time per file, four
    // files per render of the bench's invoices (fonts and logo).
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch (error) {
      if (errorCode(error) === 'EACCES') throw denied(url, 'permission denied');
      throw notFound(url);
    }
    if (!isInside(rootReal, real)) throw denied(url, 'a symbolic link leads out of the root');
    // a file removed or made unreadable after realpath: a typed error, as for realpath, not a raw one
    let info: BigIntStats;
    let bytes: Uint8Array;
    try {
      info = statSync(real, { bigint: true });
      if (!info.isFile()) throw notFound(url, 'not a regular file');
      if (Number(info.size) > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `${url.href} is larger than ${maxBytes} bytes`);
      bytes = await contentsOf(real, info);
    } catch (error) {
      if (error instanceof OctavoError) throw error;
      const code = errorCode(error);
      if (code === 'EACCES' || code === 'EPERM') throw denied(url, 'permission denied');
      throw notFound(url);
    }
    if (bytes.byteLength > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `${url.href} is larger than ${maxBytes} bytes`);
    return bytes;
  }

  return { root: absoluteRoot, read };
}
