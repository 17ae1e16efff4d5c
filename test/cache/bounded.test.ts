import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BoundedCache, BoundedPairCache, cacheStats } from '../../src/cache/bounded.js';
import { ROOT, ensureBuilt } from '../helpers/processes.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { newDiagnostics, request } from '../text/helpers.js';

describe('LRU cache', () => {
  it('keeps at most its capacity and drops the least recently used entry', () => {
    const cache = new BoundedCache<string, number>('test.small', 3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent; b the least
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    cache.set('c', 30); // an update counts as a use
    cache.set('e', 5);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('c'), cache.get('d'), cache.get('e')]).toEqual([30, 4, 5]);
    expect(cache.stats).toEqual({ hits: 7, misses: 2 });
  });

  it('stays bounded and in order over many inserts, and empties on clear', () => {
    const cache = new BoundedCache<number, number>('test.large', 100);
    for (let i = 0; i < 10_000; i++) {
      cache.set(i, i);
      if (i % 3 === 0) cache.get(i - 50);
    }
    expect(cache.size).toBe(100);
    expect(cache.get(9_999)).toBe(9_999);
    expect(cache.get(9_899)).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set(1, 1);
    expect(cache.get(1)).toBe(1);
  });

  it('with admitOnSecondMiss, keeps most of a cycle of keys larger than its bound', () => {
    const cycle = (cache: BoundedCache<string, number>): number => {
      let hits = 0;
      for (let round = 0; round < 5; round++) {
        for (const key of ['a', 'b', 'c', 'd', 'e']) {
          if (cache.get(key) === undefined) cache.set(key, round);
          else hits++;
        }
      }
      return hits;
    };
    const plain = new BoundedCache<string, number>('test.cycle-lru', 4);
    expect(cycle(plain)).toBe(0); // each key is evicted just before it comes back
    const admitting = new BoundedCache<string, number>('test.cycle-admitting', 4, { admitOnSecondMiss: true });
    // round 1 stores a-d and refuses e; then e comes in (a refused key) and one other key misses per round
    expect(cycle(admitting)).toBe(14);
    expect(admitting.size).toBe(4);
    admitting.clear();
    expect(admitting.size).toBe(0);
    admitting.set('z', 1);
    expect(admitting.get('z')).toBe(1);
  });

  it('keeps its most recently used entries when told to keep fewer, and admits new keys at once again', () => {
    const cache = new BoundedCache<string, number>('test.keep-newest', 4, { admitOnSecondMiss: true });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1);
    cache.get('a'); // order of use now b, c, d, a
    cache.set('e', 1); // full: refused on its first miss
    expect(cache.get('e')).toBeUndefined();
    cache.keepNewest(2);
    expect(cache.size).toBe(2);
    expect([cache.get('b'), cache.get('c'), cache.get('d'), cache.get('a')]).toEqual([undefined, undefined, 1, 1]);
    cache.set('f', 1); // room again: stored on its first miss
    expect(cache.get('f')).toBe(1);
    cache.keepNewest(10);
    expect(cache.size).toBe(3);
  });

  it('rejects a capacity below one', () => {
    expect(() => new BoundedCache('test.empty', 0)).toThrow(RangeError);
  });
});

describe('cacheStats', () => {
  it('lists every cache by name with its instances, entries, bound, hits and misses', () => {
    const first = new BoundedCache<string, number>('test.listed', 2);
    const second = new BoundedCache<string, number>('test.listed', 2);
    first.set('a', 1);
    first.set('b', 2);
    first.set('c', 3); // past the bound: a goes
    second.set('a', 1);
    expect([first.get('a'), first.get('c'), second.get('a')]).toEqual([undefined, 3, 1]);
    expect(cacheStats().find((cache) => cache.name === 'test.listed')).toEqual({ name: 'test.listed', instances: 2, size: 3, bound: 2, hits: 2, misses: 1 });
  });

  it('names the engine-wide caches once a document has been styled and shaped', async () => {
    const { render } = await import('../../src/api.js');
    await render({ template: '<p class="a b" style="color: red; box-shadow: 2px 2px 4px black" lang="en">Hyphenation {{x}}</p>', data: { x: 1 } });
    const names = cacheStats().map((cache) => cache.name);
    for (const name of [
      'css.class-lists', 'css.declaration-lists', 'css.stylesheets', 'text.shaped-texts', 'text.kerning-pairs', 'template.document-settings',
      'paint.shadow-masks', 'pdf.font-programs', 'pdf.tounicode-cmaps',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('LRU cache keyed by two keys', () => {
  it('behaves as a BoundedCache keyed by the two keys joined, with and without admitOnSecondMiss', () => {
    for (const admitOnSecondMiss of [false, true]) {
      const joined = new BoundedCache<string, number>('test.pair-joined', 7, { admitOnSecondMiss });
      const pairs = new BoundedPairCache<string, string, number>('test.pair', 7, { admitOnSecondMiss });
      let seed = 12345;
      const random = (n: number): number => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      for (let step = 0; step < 5_000; step++) {
        const first = `r${random(3)}`;
        const second = `t${random(6)}`;
        const op = random(10);
        if (op < 6) expect(pairs.get(first, second)).toBe(joined.get(`${first}\u0000${second}`));
        else if (op < 9) {
          pairs.set(first, second, step);
          joined.set(`${first}\u0000${second}`, step);
        } else if (step % 7 === 0) {
          pairs.clear();
          joined.clear();
        } else if (step % 7 === 1) {
          const count = random(7);
          pairs.keepNewest(count);
          joined.keepNewest(count);
        }
        expect(pairs.size).toBe(joined.size);
      }
      expect(pairs.stats).toEqual(joined.stats);
    }
  });
});

describe('shaping caches of an engine', () => {
  it('stay within their size over renders of ever new words', () => {
    const registry = createFontRegistry({ extraFonts: [], shapeCacheSize: 50 });
    const sans = request({ families: ['Liberation Sans'] });
    for (let render = 0; render < 20; render++) {
      const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
      for (let i = 0; i < 40; i++) text.shape(`TX-${render * 1000 + i}`, sans);
    }
    expect(registry.stats.texts.size).toBe(50);
    expect(registry.stats.runs.size).toBe(50);
    expect(registry.stats.texts.misses).toBe(800);
  });

  it('share a glyph run between requests that resolve to the same face, size and features, and only then', () => {
    const registry = createFontRegistry({ extraFonts: [], shapeCacheSize: 50 });
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const named = text.shape('Total 1,234.50', request({ families: ['Liberation Sans'] }));
    const runs = registry.stats.runs;
    // another family list (another shaped-text key) over the same face: the run cache answers
    const generic = text.shape('Total 1,234.50', request({ families: ['sans-serif', 'Liberation Sans'] }));
    expect(generic.runs[0]).toBe(named.runs[0]);
    expect(registry.stats.runs).toEqual({ ...runs, hits: runs.hits + 1 });
    // another size or another text: a run of its own
    text.shape('Total 1,234.50', request({ families: ['Liberation Sans'], size: 20 }));
    text.shape('Total 1,234.51', request({ families: ['Liberation Sans'] }));
    expect(registry.stats.runs).toEqual({ hits: runs.hits + 1, misses: runs.misses + 2, size: runs.size + 2 });
  });

  it('after a warm-up, keep its newest words and shape a request\'s new words once, not again in the next request', () => {
    const registry = createFontRegistry({ extraFonts: [], shapeCacheSize: 50 });
    const sans = request({ families: ['Liberation Sans'] });
    const render = (words: readonly string[]): void => {
      const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
      for (const word of words) text.shape(word, sans);
    };
    // the warm-up's made-up words fill the caches; its last ones ('Page', figures) come back in requests
    render(Array.from({ length: 46 }, (_, i) => `warm-up-${i}`));
    render(['Page', '1', 'of', '2']);
    registry.leaveRoomAfterWarmUp();
    expect(registry.stats.texts.size).toBe(25);
    expect(registry.stats.runs.size).toBe(25);
    const request1 = Array.from({ length: 20 }, (_, i) => `Item ${i}`);
    const before = registry.stats.texts;
    render(['Page', '1', 'of', '2', ...request1]);
    expect(registry.stats.texts).toEqual({ hits: before.hits + 4, misses: before.misses + 20, size: 45 });
    // the next request meets the same words: all kept (full, they would each have been refused once)
    render(request1);
    expect(registry.stats.texts.misses).toBe(before.misses + 20);
  });

  it('hit again on renders of more texts than they hold, in the same order (a long table)', () => {
    const registry = createFontRegistry({ extraFonts: [], shapeCacheSize: 50 });
    const sans = request({ families: ['Liberation Sans'] });
    for (let render = 0; render < 4; render++) {
      const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
      for (let i = 0; i < 60; i++) text.shape(`ROW-${i}`, sans);
    }
    expect(registry.stats.texts.size).toBe(50);
    expect(registry.stats.texts.hits).toBeGreaterThanOrEqual(3 * 40);
  });
});

describe('weight bound', () => {
  it('drops the oldest entries until a new one fits, and never stores one heavier than the bound', () => {
    const cache = new BoundedCache<string, Uint8Array>('test.weighed', 100, { maxWeight: 10, weigh: (bytes) => bytes.byteLength });
    cache.set('a', new Uint8Array(4));
    cache.set('b', new Uint8Array(4));
    expect(cache.weight).toBe(8);
    cache.get('a'); // b is now the least recently used
    cache.set('c', new Uint8Array(4));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a')?.byteLength, cache.get('c')?.byteLength]).toEqual([4, 4]);
    expect(cache.weight).toBe(8);
    cache.set('a', new Uint8Array(6)); // a replaced value is weighed anew: 4 + 6 fits
    expect(cache.weight).toBe(10);
    cache.set('a', new Uint8Array(7)); // 4 + 7 does not: c goes
    expect(cache.weight).toBe(7);
    expect(cache.get('c')).toBeUndefined();
    cache.set('huge', new Uint8Array(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.weight).toBe(7);
    cache.delete('a');
    expect([cache.size, cache.weight]).toEqual([0, 0]);
    cache.set('d', new Uint8Array(3));
    cache.clear();
    expect([cache.size, cache.weight]).toEqual([0, 0]);
  });

  it('still bounds the number of entries', () => {
    const cache = new BoundedCache<number, Uint8Array>('test.weighed-count', 2, { maxWeight: 100, weigh: (bytes) => bytes.byteLength });
    for (let i = 0; i < 5; i++) cache.set(i, new Uint8Array(1));
    expect([cache.size, cache.weight]).toEqual([2, 2]);
    expect(cache.get(4)?.byteLength).toBe(1);
  });
});

describe('caches made in a loop that never gives the event loop a turn', () => {
  it('are collected once let go, whatever the loop: a render loop of awaits resolved as microtasks kept every one', async () => {
    // each cache registered itself by a WeakRef, which holds its target until the microtask queue
    // empties: 200 caches of 1 MB each, made and let go in such a loop, stayed alive (200 MB)
    ensureBuilt();
    const bounded = pathToFileURL(join(ROOT, 'dist/cache/bounded.js')).href;
    const script = `const { BoundedCache } = await import(${JSON.stringify(bounded)});
      for (let i = 0; i < 200; i++) {
        new BoundedCache('test.let-go', 1).set(0, new Uint8Array(1 << 20));
        await Promise.resolve();
      }
      globalThis.gc();
      console.log(JSON.stringify({ arrayBuffers: process.memoryUsage().arrayBuffers }));`;
    // --single-threaded-gc: array buffers freed by the collection are swept before it returns (a
    // concurrent sweeper left 10-55 MB still counted right after gc())
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--single-threaded-gc', '--input-type=module', '-e', script], { cwd: ROOT });
    const { arrayBuffers } = JSON.parse(stdout) as { arrayBuffers: number };
    expect(arrayBuffers).toBeLessThan(20 << 20);
  }, 30_000);
});

