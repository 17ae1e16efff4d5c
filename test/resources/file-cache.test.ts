/**
 * The file cache of the sandbox (src/resources/loader.ts): an unchanged file is read once and its
 * bytes handed out again (same object, so their digest is kept), a changed or replaced file is read
 * anew, a file changed just now is not cached, and every check of the sandbox still runs on a hit.
 * The clock is moved ahead (Date only) so that files written by the test count as settled.
 */
import { mkdtempSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheStats } from '../../src/cache/bounded.js';
import { isUnchanging, sha1Hex } from '../../src/cache/content-digest.js';
import { OctavoError } from '../../src/errors.js';
import { createFileSandbox } from '../../src/resources/loader.js';

let tmp: string;
let root: string;
let outside: string;

beforeAll(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'octavo-file-cache-')));
  root = join(tmp, 'root');
  outside = join(tmp, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'secret');
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Files written from now on count as settled (changed more than the settling time ago). */
function clockAhead(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 60_000);
}

const url = (name: string): URL => pathToFileURL(join(root, name));
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OctavoError);
    return (error as OctavoError).code;
  }
  throw new Error('expected the read to fail');
}

describe('file cache', () => {
  it('hands out the same bytes for an unchanged file, across sandboxes, with their digest kept', async () => {
    writeFileSync(join(root, 'same.txt'), 'unchanged');
    clockAhead();
    const first = await createFileSandbox(root, 1024).read(url('same.txt'));
    const second = await createFileSandbox(root, 1024).read(url('same.txt'));
    expect(second).toBe(first);
    expect(text(second)).toBe('unchanged');
    expect(isUnchanging(first)).toBe(true);
    expect(sha1Hex(first)).toBe(sha1Hex(new Uint8Array(Buffer.from('unchanged'))));
    expect(cacheStats().find((stats) => stats.name === 'resources.file-contents')?.size).toBeGreaterThan(0);
  });

  it('reads a file again when it changed in place with the same size (mtime moved)', async () => {
    const path = join(root, 'edited.txt');
    writeFileSync(path, 'version-1');
    clockAhead();
    const sandbox = createFileSandbox(root, 1024);
    const first = await sandbox.read(url('edited.txt'));
    expect(text(first)).toBe('version-1');
    expect(isUnchanging(first)).toBe(true); // cached: the read below must notice the change
    writeFileSync(path, 'version-2');
    utimesSync(path, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
    expect(text(await sandbox.read(url('edited.txt')))).toBe('version-2');
  });

  it('reads a file again when another was renamed over it', async () => {
    const path = join(root, 'replaced.txt');
    writeFileSync(path, 'original');
    clockAhead();
    const sandbox = createFileSandbox(root, 1024);
    const first = await sandbox.read(url('replaced.txt'));
    expect(text(first)).toBe('original');
    expect(isUnchanging(first)).toBe(true);
    writeFileSync(join(root, 'replacement.tmp'), 'replaced');
    renameSync(join(root, 'replacement.tmp'), path);
    expect(text(await sandbox.read(url('replaced.txt')))).toBe('replaced');
  });

  it('does not cache a file changed just now (a second write within the same clock tick would go unseen)', async () => {
    writeFileSync(join(root, 'fresh.txt'), 'fresh');
    const sandbox = createFileSandbox(root, 1024);
    const first = await sandbox.read(url('fresh.txt'));
    const second = await sandbox.read(url('fresh.txt'));
    expect(text(second)).toBe('fresh');
    expect(second).not.toBe(first);
    expect(isUnchanging(first)).toBe(false);
  });

  it('makes every check of the sandbox on a hit', async () => {
    writeFileSync(join(root, 'checked.txt'), 'x'.repeat(100));
    writeFileSync(join(root, 'gone.txt'), 'soon gone');
    symlinkSync(join(root, 'checked.txt'), join(root, 'link.txt'));
    clockAhead();
    expect(text(await createFileSandbox(root, 1024).read(url('checked.txt')))).toHaveLength(100);
    expect(text(await createFileSandbox(root, 1024).read(url('link.txt')))).toHaveLength(100);
    expect(text(await createFileSandbox(root, 1024).read(url('gone.txt')))).toBe('soon gone');
    // the secret is cached, read through a sandbox whose root holds it
    expect(isUnchanging(await createFileSandbox(tmp, 1024).read(pathToFileURL(join(outside, 'secret.txt'))))).toBe(true);
    // a smaller limit, a link now leading out (to the cached file), a file removed, a path escaping the root
    expect(await failure(createFileSandbox(root, 50).read(url('checked.txt')))).toBe('limit_exceeded');
    unlinkSync(join(root, 'link.txt'));
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    expect(await failure(createFileSandbox(root, 1024).read(url('link.txt')))).toBe('resource_denied');
    unlinkSync(join(root, 'gone.txt'));
    expect(await failure(createFileSandbox(root, 1024).read(url('gone.txt')))).toBe('resource_not_found');
    expect(await failure(createFileSandbox(join(root, 'sub-does-not-matter'), 1024).read(url('checked.txt')))).toBe('resource_denied');
  });
});
