/**
 * A template is a folder, not a file (issue 15): `octavo template add` takes the files beside the
 * template — stylesheets, images, fonts, partials — so generated documents keep their logo.
 * Bounded in count and bytes; hidden entries, the template file itself and symbolic links are left
 * out (a link could lead outside the folder), each reported.
 */
import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { ServiceError } from '../api/errors.js';

export const MAX_TEMPLATE_FILES = 500;
export const MAX_TEMPLATE_FILES_BYTES = 50 * 1024 * 1024;

export interface CollectedFiles {
  /** Relative path (with `/`) -> bytes. */
  readonly files: Map<string, Uint8Array>;
  /** What was left out and why. */
  readonly skipped: string[];
}

/** The files under `folder` but `templateFile` (the template's own source, stored apart). */
export async function collectTemplateFiles(folder: string, templateFile?: string): Promise<CollectedFiles> {
  const files = new Map<string, Uint8Array>();
  const skipped: string[] = [];
  let bytes = 0;
  const pending = [folder];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const name of (await readdir(dir)).sort()) {
      const path = join(dir, name);
      const rel = relative(folder, path).split(sep).join('/');
      if (name.startsWith('.') || path === templateFile) continue;
      const info = await lstat(path);
      if (info.isSymbolicLink()) {
        skipped.push(`${rel}: a symbolic link (not copied)`);
      } else if (info.isDirectory()) {
        pending.push(path);
      } else if (info.isFile()) {
        bytes += info.size;
        if (files.size >= MAX_TEMPLATE_FILES || bytes > MAX_TEMPLATE_FILES_BYTES) {
          throw new ServiceError('validation_error',
            `the template folder holds more than ${MAX_TEMPLATE_FILES} files or ${MAX_TEMPLATE_FILES_BYTES} bytes: keep only the template's own files in it`);
        }
        files.set(rel, new Uint8Array(await readFile(path)));
      }
    }
  }
  return { files, skipped };
}

/** A stored file path: relative, `/`-separated, no empty, `.` or `..` segment, no backslash or NUL. */
export function isSafeFilePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || /[\\\0]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Refuses a file map whose paths could escape the template's folder (they come from the caller). */
export function checkFilePaths(files: ReadonlyMap<string, Uint8Array>): void {
  for (const path of files.keys()) {
    if (!isSafeFilePath(path)) throw new ServiceError('validation_error', `invalid template file path '${path}'`);
  }
}
