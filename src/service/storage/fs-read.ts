/**
 * Reads of the fs storage's data folder (fs.ts, fs-documents.ts): a file that is not there is
 * undefined (or an empty listing), any other failure is thrown.
 */
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';

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
