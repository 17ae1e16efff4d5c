/**
 * When a file's contents read before may be used again: the one rule of the caches that keep what
 * they read from disk (resources/loader.ts, the service's fs storage).
 */
import type { BigIntStats } from 'node:fs';

/** Whether two stats are of the same version of the same file: an edit moves mtime, ctime (and maybe size); a rename over it, the inode. */
export function sameFileVersion(a: BigIntStats, b: BigIntStats): boolean {
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/**
 * A file changed less than this long ago is not kept (git's "racily clean" entries): two writes
 * within one tick of the file system's clock (coarse: milliseconds on Linux, seconds elsewhere)
 * that keep the size leave mtime and ctime as they were. Once the file has been still for two
 * seconds, any later write sets ctime to a later tick (and ctime cannot be set back, unlike mtime
 * with utimes). What remains: a file system whose clock runs more than this behind ours (a network
 * share) or that does not keep ctime; such files are read again only when their stat changes.
 */
const SETTLED_NS = 2_000_000_000n;

/** Whether contents read at this stat may be kept: the file has been still long enough for any later write to show in its stat. */
export function settledFile(info: BigIntStats): boolean {
  const changed = info.mtimeNs > info.ctimeNs ? info.mtimeNs : info.ctimeNs;
  return changed < BigInt(Date.now()) * 1_000_000n - SETTLED_NS;
}
