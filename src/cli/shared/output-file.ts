/**
 * Writing command output without ever leaving a half-written file: the bytes go to a temporary
 * file in the destination folder, which is then renamed over the destination (atomic on POSIX).
 */
import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
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
