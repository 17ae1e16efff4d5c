import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/service/storage/fs-atomic.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withFileLock', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'octavo-lock-')); });
  afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

  it('after the first lock, takes the lock as a hard link to its inode file, and leaves it', async () => {
    const lock = join(dir, 'ws', '.a.lock');
    const inode = join(dir, 'locks', 'a.lock');
    await withFileLock(lock, async () => undefined, inode);
    const seen = await withFileLock(lock, async () => [(await stat(lock)).ino, (await stat(inode)).ino, (await stat(inode)).nlink], inode);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(2);
    await expect(stat(lock)).rejects.toThrow(); // released: the link is gone
    expect((await stat(inode)).nlink).toBe(1); // the inode file stays
  });

  it('excludes holders, linked or not, from each other', async () => {
    const lock = join(dir, '.b.lock');
    const inode = join(dir, 'locks', 'b.lock');
    let inside = 0;
    let most = 0;
    const hold = async () => {
      inside++;
      most = Math.max(most, inside);
      await pause(5);
      inside--;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => withFileLock(lock, hold, i % 3 === 0 ? undefined : inode)));
    expect(most).toBe(1);
  });

  it('makes the folders and the inode file again when they were removed', async () => {
    const lock = join(dir, 'ws', '.c.lock');
    const inode = join(dir, 'locks', 'c.lock');
    await withFileLock(lock, async () => undefined, inode);
    await rm(join(dir, 'locks'), { recursive: true });
    await rm(join(dir, 'ws'), { recursive: true });
    expect(await withFileLock(lock, async () => 'done', inode)).toBe('done');
    expect(await withFileLock(lock, async () => (await stat(lock)).ino === (await stat(inode)).ino, inode)).toBe(true);
  });
});
