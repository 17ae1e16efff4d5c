/**
 * The file-system sandbox (docs/design.md §1.1): `file:` URLs are read only when they resolve inside the
 * root folder, both lexically (no `..` escape, no absolute path elsewhere) and after resolving
 * symbolic links (no link leading out). Checks are made in that order so that a path outside the
 * root is refused without revealing whether it exists.
 */
import { realpath, stat, readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
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

export function createFileSandbox(root: string, maxBytes: number): FileSandbox {
  const absoluteRoot = resolve(root);
  let realRoot: Promise<string> | undefined;

  function resolvedRoot(): Promise<string> {
    realRoot ??= realpath(absoluteRoot).catch((error: unknown) => {
      throw new OctavoError('invalid_options', `resource root ${absoluteRoot} does not exist or is not readable`, { cause: error });
    });
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
    const rootReal = await resolvedRoot();
    let real: string;
    try {
      real = await realpath(path);
    } catch (error) {
      if (errorCode(error) === 'EACCES') throw denied(url, 'permission denied');
      throw notFound(url);
    }
    if (!isInside(rootReal, real)) throw denied(url, 'a symbolic link leads out of the root');
    const info = await stat(real);
    if (!info.isFile()) throw notFound(url, 'not a regular file');
    if (info.size > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `${url.href} is larger than ${maxBytes} bytes`);
    const bytes = await readFile(real);
    if (bytes.byteLength > maxBytes) throw limitExceeded('maxResourceBytes', maxBytes, `${url.href} is larger than ${maxBytes} bytes`);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  return { root: absoluteRoot, read };
}
