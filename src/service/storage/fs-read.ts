/**
 * Reads of the fs storage's data folder (fs.ts, fs-documents.ts): a file that is not there is
 * undefined (or an empty listing), any other failure is thrown.
 */
import { readFileSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { BoundedCache } from '../../cache/bounded.js';
import { sameFileVersion, settledFile } from '../../cache/file-version.js';

export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads a small file of a request's path (an API key's entry, a workspace, a template's source)
 * synchronously: from the page cache that costs ~15 µs of CPU, where fs/promises' readFile costs
 * ~200 µs in four round trips to the thread pool (open, fstat, read, close). Scans of whole folders
 * keep the asynchronous reads, so that no large number of files is read on the event loop.
 */
export function readSmallText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function readSmallJson<T>(path: string): T | undefined {
  const text = readSmallText(path);
  return text === undefined ? undefined : JSON.parse(text) as T;
}

export async function readBytes(path: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Entries of a folder without temporaries and lock files. */
export async function listDir(path: string): Promise<string[]> {
  try {
    return (await readdir(path)).filter((name) => !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Characters of kept file text at most (a few thousand keys' entries and templates' sources). */
const KEPT_TEXT_CHARS = 16 * 1024 * 1024;

/**
 * Small files a request reads that rarely change (an API key's entry, a template's meta and
 * source), kept as text and checked with one `stat` per read instead of read again: a read is
 * five system calls (open, fstat, two reads, close) and the text's decoding, a `stat` one. The
 * storage replaces files by renaming a new one into place (fs-atomic.ts), so a change by any
 * process is a new inode and is read at once; a file removed is gone at once; an edit in place
 * is seen as the engine's file cache sees it (../../cache/file-version.ts). Stat before read: a
 * file replaced in between is read new and kept under the older stat, so the next read reads it
 * again, never the reverse. Not for a read-modify-write under a lock.
 */
export class CheckedFiles {
  private readonly kept = new BoundedCache<string, { readonly version: BigIntStats; readonly text: string }>(
    'service.fs-checked-files', 4096, { maxWeight: KEPT_TEXT_CHARS, weigh: (entry) => entry.text.length },
  );

  text(path: string): string | undefined {
    const info = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (info === undefined) {
      this.kept.delete(path);
      return undefined;
    }
    const kept = this.kept.get(path);
    if (kept !== undefined && sameFileVersion(kept.version, info)) return kept.text;
    const text = readSmallText(path);
    if (text !== undefined && settledFile(info)) this.kept.set(path, { version: info, text });
    else this.kept.delete(path);
    return text;
  }

  json<T>(path: string): T | undefined {
    const text = this.text(path);
    return text === undefined ? undefined : JSON.parse(text) as T;
  }
}
