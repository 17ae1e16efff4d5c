/**
 * Writing command output without ever leaving a half-written file: the bytes go to a temporary
 * file in the destination folder, which is then renamed over the destination (atomic on POSIX).
 * A destination that is no regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written to
 * directly: renamed over, it was replaced by a file — run as root, `-o /dev/null` broke the
 * machine's /dev/null. A symbolic link to a file keeps being a link: its target is replaced.
 */
import { randomBytes } from 'node:crypto';
import { realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const target = await destination(path);
  if (target.special) {
    await writeFile(target.path, bytes);
    return;
  }
  const temporary = join(dirname(target.path), `.${basename(target.path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, target.path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** The file a path names once its links are followed, and whether it exists as something other than a regular file or folder. */
async function destination(path: string): Promise<{ readonly path: string; readonly special: boolean }> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return { path, special: false }; // not there yet
  }
  const kind = await stat(real);
  return { path: real, special: !kind.isFile() && !kind.isDirectory() };
}

/** Writes to a stream (stdout) and resolves once the bytes are handed to the OS. */
export function writeStream(stream: NodeJS.WritableStream, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(bytes, (error) => (error ? reject(error) : resolve()));
  });
}

/** Human reason of a file-system error code ("no such file"). */
export function fsReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EISDIR': return 'is a directory';
    case 'ENOTDIR': return 'not a directory';
    case 'EACCES': case 'EPERM': return 'permission denied';
    default: return error instanceof Error ? error.message : String(error);
  }
}
