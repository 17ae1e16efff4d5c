/**
 * Crash-safe file primitives for the fs storage: a file or folder becomes visible under its
 * final name only once its bytes are on disk (write temp + fsync + rename + fsync folder), and
 * an exclusive lock file serialises read-modify-write updates across processes on one machine
 * (for a small file, the lock file is the new content's temporary: `replaceUnderLock`).
 *
 * The calls that wait for the disk leave the event loop: fsync, and the rename that puts a staged
 * file in place, which waits for its folder's block while a concurrent fsync writes it (measured
 * on ext4 with 8 generates in flight: 0.9-1.6 ms per rename on average, up to 37 ms, the server's
 * thread blocked; bench/README.md, stop 30). The calls that do not wait for it (open, a write into
 * the page cache, close, unlink of a lock file) run synchronously: ~10 us each, where a round trip
 * to libuv's thread pool costs ~50 us of CPU over two threads and two context switches.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsync, openSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const fsyncDescriptor = promisify(fsync);

/** Prefix of every temporary name; readers skip such entries, `removeStaleTemps` sweeps them. */
export const TEMP_PREFIX = '.tmp-';

export function tempName(finalPath: string): string {
  return join(dirname(finalPath), `${TEMP_PREFIX}${basename(finalPath)}-${randomBytes(6).toString('hex')}`);
}

/** fsync a folder so that a rename inside it survives a crash. */
export async function syncDir(dir: string): Promise<void> {
  const fd = openSync(dir, 'r');
  try {
    await fsyncDescriptor(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes and fsyncs one file (no rename). */
export async function writeSynced(path: string, bytes: Uint8Array | string): Promise<void> {
  const fd = openSync(path, 'w', 0o644);
  try {
    writeFileSync(fd, bytes);
    await fsyncDescriptor(fd);
  } finally {
    closeSync(fd);
  }
}

/** A file whose bytes are on disk under a temporary name (invisible to readers) until committed. */
export interface StagedFile {
  readonly temp: string;
  readonly path: string;
}

/** Writes and fsyncs `bytes` beside `path` under a temporary name; creates the folder only when it is missing. */
export async function stageFile(path: string, bytes: Uint8Array | string): Promise<StagedFile> {
  const temp = tempName(path);
  try {
    await writeSynced(temp, bytes).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(dirname(path), { recursive: true });
      await writeSynced(temp, bytes);
    });
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { temp, path };
}

/** Stages several files at once (their fsyncs overlap); on a failure none is left behind. */
export async function stageFiles(files: ReadonlyArray<readonly [path: string, bytes: Uint8Array | string]>): Promise<StagedFile[]> {
  const settled = await Promise.allSettled(files.map(([path, bytes]) => stageFile(path, bytes)));
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure === undefined) return settled.map((result) => (result as PromiseFulfilledResult<StagedFile>).value);
  await discardStaged(settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
  throw failure.reason;
}

/**
 * Renames staged files of one folder into place, in the order given, then fsyncs the folder once:
 * when this returns, all of them survive a crash.
 */
export async function commitStaged(dir: string, files: readonly StagedFile[]): Promise<void> {
  try {
    for (const file of files) await rename(file.temp, file.path);
  } catch (error) {
    await discardStaged(files);
    throw error;
  }
  await syncDir(dir);
}

export async function discardStaged(files: readonly StagedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.temp, { force: true })));
}

/** Replaces `path` atomically with `bytes`: readers see the old or the new content, never a mix. */
export async function writeFileAtomic(path: string, bytes: Uint8Array | string): Promise<void> {
  await commitStaged(dirname(path), [await stageFile(path, bytes)]);
}

/**
 * Creates the folder `path` with `files` inside, atomically: it appears complete or not at all.
 * `path` must not exist yet.
 */
export async function createDirAtomic(path: string, files: Readonly<Record<string, Uint8Array | string>>, folders: readonly string[] = []): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempName(path);
  await mkdir(temp);
  try {
    for (const folder of folders) await mkdir(join(temp, folder), { recursive: true });
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(dirname(join(temp, name)), { recursive: true });
      await writeSynced(join(temp, name), bytes);
    }
    await syncDir(temp);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  await syncDir(dirname(path));
}

const LOCK_STALE_MS = 30_000;
const LOCK_RETRY_MS = 3;
const LOCK_TIMEOUT_MS = 20_000;

/**
 * Runs `work` while holding `lockPath` (created with O_EXCL). A lock older than 30 s is taken
 * to be left by a crashed process and broken. Works across processes on one machine and local
 * file systems; not across machines (NFS): that is what the postgres storage is for.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  closeSync(await acquire(lockPath));
  try {
    return await work();
  } finally {
    unlinkLock(lockPath);
  }
}

/**
 * Read-modify-write of the small file `path` under the lock file `lockPath` (same folder), where
 * the lock file is also the new content's temporary: created with O_EXCL, written and synced, then
 * renamed over `path`, which publishes the content and releases the lock in one step, then the
 * folder synced. One file created per write where a lock file and a temporary took two: on ext4
 * creating a file was the largest part of the fs storage's CPU per generate (bench/README.md,
 * issue 32, stops 30 and 33). `next` reads `path` under the lock and returns its new content, or
 * undefined to leave it as it is. Holders of the same lock through `withFileLock` (older versions)
 * exclude and are excluded the same way.
 */
export async function replaceUnderLock(lockPath: string, path: string, next: () => Uint8Array | string | undefined): Promise<void> {
  const fd = await acquire(lockPath);
  let released = false;
  try {
    const bytes = next();
    if (bytes === undefined) return;
    writeFileSync(fd, bytes);
    await fsyncDescriptor(fd);
    // A lock held past LOCK_STALE_MS (this process stalled) may have been broken and taken by
    // another process: then the file at lockPath is not ours and is never published.
    if (!sameFile(fd, lockPath)) {
      released = true;
      throw new Error(`lock ${lockPath} was broken while held (older than ${LOCK_STALE_MS} ms)`);
    }
    await rename(lockPath, path);
    released = true;
  } finally {
    closeSync(fd);
    if (!released) unlinkLock(lockPath);
  }
  await syncDir(dirname(path));
}

function sameFile(fd: number, path: string): boolean {
  const held = fstatSync(fd);
  try {
    const named = statSync(path);
    return named.ino === held.ino && named.dev === held.dev;
  } catch {
    return false;
  }
}

function unlinkLock(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch {
    // already broken as stale by another process
  }
}

/** Takes `lockPath` (created with O_EXCL), waiting while another holds it; the lock file's descriptor. */
async function acquire(lockPath: string): Promise<number> {
  const started = Date.now();
  while (true) {
    try {
      return openSync(lockPath, 'wx', 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        await mkdir(dirname(lockPath), { recursive: true });
        continue;
      }
      if (code !== 'EEXIST') throw error;
    }
    const info = await stat(lockPath).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > LOCK_STALE_MS) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (Date.now() - started > LOCK_TIMEOUT_MS) throw new Error(`timed out waiting for lock ${lockPath}`);
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/** In-process serialisation per key (so concurrent requests of one process queue instead of spinning on the lock file). */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => { if (this.tails.get(key) === tail) this.tails.delete(key); });
    return next;
  }
}
