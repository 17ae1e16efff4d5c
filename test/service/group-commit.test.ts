/**
 * The fs storage's group commit (src/service/storage/group-commit.ts): concurrent changes of one
 * record are applied in arrival order and written together; a change that throws fails its own
 * caller only; a failed write fails every change of its group; other keys are written apart.
 */
import { describe, expect, it } from 'vitest';
import { KeyedMutex } from '../../src/service/storage/fs-atomic.js';
import { GroupCommit } from '../../src/service/storage/group-commit.js';

/** Records in a Map; each write waits for `release()` (as a synced file write waits for the disk). */
function store(initial: Record<string, number>) {
  const records = new Map(Object.entries(initial));
  const writes: { key: string; value: number }[] = [];
  let failNext = false;
  const pending: (() => void)[] = [];
  const started: string[] = [];
  const release = (): void => { for (const done of pending.splice(0)) done(); };
  const commit = new GroupCommit<number>(new KeyedMutex(), async (key, apply) => {
    const next = apply(records.get(key));
    started.push(key);
    await new Promise<void>((resolve) => pending.push(resolve));
    if (failNext) {
      failNext = false;
      throw new Error('disk full');
    }
    if (next !== undefined) {
      records.set(key, next);
      writes.push({ key, value: next });
    }
  });
  return { records, writes, commit, started, release, failWrite: () => { failNext = true; } };
}

/** Waits (a bounded number of turns) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

const takeOne = (n: number): number | undefined => (n > 0 ? n - 1 : undefined);

describe('group commit', () => {
  it('writes the changes that wait for a write together, each applied to the one before', async () => {
    const { records, writes, commit, started, release } = store({ ws: 5 });
    const first = [commit.run('ws', takeOne), commit.run('ws', takeOne)];
    await until(() => started.length === 1);
    // six more while the first two are being written: they wait, then go to disk in one write
    const more = Array.from({ length: 6 }, () => commit.run('ws', takeOne));
    release();
    expect(await Promise.all(first)).toEqual([4, 3]);
    await until(() => started.length === 2);
    release();
    expect(await Promise.all(more)).toEqual([2, 1, 0, 0, 0, 0]);
    expect(writes).toEqual([{ key: 'ws', value: 3 }, { key: 'ws', value: 0 }]);
    expect(records.get('ws')).toBe(0);
  });

  it('fails a change that throws alone, and every change of a group whose write fails', async () => {
    const { records, commit, failWrite, started, release } = store({ ws: 5 });
    const first = commit.run('ws', takeOne);
    const broken = commit.run('ws', () => { throw new Error('bad change'); });
    const third = commit.run('ws', takeOne);
    await until(() => started.length === 1);
    release();
    expect(await first).toBe(4);
    await expect(broken).rejects.toThrow('bad change');
    expect(await third).toBe(3);
    failWrite();
    const lost = [commit.run('ws', takeOne), commit.run('ws', takeOne)];
    await until(() => started.length === 2);
    release();
    for (const change of lost) await expect(change).rejects.toThrow('disk full');
    expect(records.get('ws')).toBe(3);
    const last = commit.run('ws', takeOne);
    await until(() => started.length === 3);
    release();
    expect(await last).toBe(2);
  });

  it('answers undefined for a record that does not exist, and keeps keys apart', async () => {
    const { records, commit, started, release } = store({ a: 1, b: 1 });
    const all = Promise.all([commit.run('a', takeOne), commit.run('b', (n) => n + 10), commit.run('none', takeOne)]);
    await until(() => started.length === 3); // three keys, three writes at once
    release();
    const [a, b, missing] = await all;
    expect([a, b, missing]).toEqual([0, 11, undefined]);
    expect(Object.fromEntries(records)).toEqual({ a: 0, b: 11 });
  });
});
