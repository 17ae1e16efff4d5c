/** The fs storage's crash-safe primitives: a workspace file replaced under its lock file, the lock file being the temporary. */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceUnderLock, withFileLock } from '../../src/service/storage/fs-atomic.js';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'octavo-atomic-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

describe('replaceUnderLock', () => {
  it('replaces the file, and excludes and is excluded by a lock held through withFileLock', async () => {
    const [path, lock] = [join(dir, 'w.json'), join(dir, '.w.lock')];
    await writeFile(path, '0');
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = withFileLock(lock, async () => {
      order.push('held');
      await new Promise<void>((resolve) => { release = resolve; });
      order.push('released');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const replaced = replaceUnderLock(lock, path, () => {
      order.push('replacing');
      return String(Number(readFileSync(path)) + 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await Promise.all([held, replaced]);
    expect(order).toEqual(['held', 'released', 'replacing']);
    expect(await readFile(path, 'utf8')).toBe('1');
    // concurrent writers in one folder: every change counted once, no lock or temporary left
    await Promise.all(Array.from({ length: 8 }, () => replaceUnderLock(lock, path, () => String(Number(readFileSync(path)) + 1))));
    expect(await readFile(path, 'utf8')).toBe('9');
    expect(await readdir(dir)).toEqual(['w.json']);
  });

  it('leaves the file as it is when told to, and releases the lock', async () => {
    const [path, lock] = [join(dir, 'w.json'), join(dir, '.w.lock')];
    await writeFile(path, 'same');
    await replaceUnderLock(lock, path, () => undefined);
    await expect(replaceUnderLock(lock, path, () => { throw new Error('no'); })).rejects.toThrow('no');
    expect(await readFile(path, 'utf8')).toBe('same');
    expect(await readdir(dir)).toEqual(['w.json']);
  });

  it('never publishes a lock file that another process took after breaking ours as stale', async () => {
    const [path, lock] = [join(dir, 'w.json'), join(dir, '.w.lock')];
    await writeFile(path, '{"complete":true}');
    const attempt = replaceUnderLock(lock, path, () => {
      // what another process does once this one has held the lock too long: breaks it and takes it, half written
      unlinkSync(lock);
      writeFileSync(lock, '{"compl');
      return '{"ours":true}';
    });
    await expect(attempt).rejects.toThrow(/broken while held/);
    expect(await readFile(path, 'utf8')).toBe('{"complete":true}');
    expect(await readFile(lock, 'utf8')).toBe('{"compl'); // the other holder's, left to it
  });
});
