/** The bundled CLI's V8 code cache (src/compile-cache.ts): its key, its folder, and when it is (re)written. */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_CACHE_FILES, cacheDirectory, cacheFileName, loadCommonJs, pruneCache } from '../src/compile-cache.js';

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'octavo-cc-test-'));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('cacheFileName', () => {
  const node20 = { version: 'v20.19.0', arch: 'x64' };

  it('is stable for the same source and runtime', () => {
    expect(cacheFileName('module.exports = 1', node20)).toBe(cacheFileName('module.exports = 1', node20));
    expect(cacheFileName('module.exports = 1', node20)).toMatch(/^[0-9a-f]{32}\.bin$/);
  });

  it('changes with the source, even of the same length (V8 only checks the length)', () => {
    expect(cacheFileName('module.exports = 2', node20)).not.toBe(cacheFileName('module.exports = 1', node20));
  });

  it('changes with the Node version and the architecture', () => {
    const name = cacheFileName('x', node20);
    expect(cacheFileName('x', { ...node20, version: 'v20.20.0' })).not.toBe(name);
    expect(cacheFileName('x', { ...node20, arch: 'arm64' })).not.toBe(name);
  });
});

describe('cacheDirectory', () => {
  it('creates a folder only its user can write', () => {
    const dir = cacheDirectory({}, base);
    expect(dir).toBeDefined();
    expect(statSync(dir!).mode & 0o777).toBe(0o700);
  });

  it('is off with OCTAVO_COMPILE_CACHE=0', () => {
    expect(cacheDirectory({ OCTAVO_COMPILE_CACHE: '0' }, base)).toBeUndefined();
    expect(readdirSync(base)).toEqual([]);
  });

  it('refuses a folder others can write', () => {
    const dir = cacheDirectory({}, base)!;
    chmodSync(dir, 0o777);
    expect(cacheDirectory({}, base)).toBeUndefined();
  });

  it('refuses a file in place of the folder', () => {
    const other = join(base, 'other');
    mkdirSync(other);
    writeFileSync(join(other, `octavo-compile-cache-${process.getuid?.() ?? 'user'}`), 'not a folder');
    expect(cacheDirectory({}, other)).toBeUndefined();
  });
});

describe('loadCommonJs', () => {
  function script(source: string): string {
    const file = join(base, 'bundle.cjs');
    writeFileSync(file, source);
    return file;
  }

  it('runs the file as CommonJS and writes the cache once, after the run', () => {
    const file = script('#!/usr/bin/env node\nconst { join } = require("node:path");\nmodule.exports = { answer: () => 42, here: join(__dirname, "x") };\n');
    const cache = cacheDirectory({}, base)!;
    const first = loadCommonJs(file, cache);
    expect((first.exports as { answer(): number }).answer()).toBe(42);
    expect((first.exports as { here: string }).here).toBe(join(base, 'x'));
    expect(readdirSync(cache)).toEqual([]);
    first.afterRun();
    const [written] = readdirSync(cache);
    expect(written).toMatch(/^[0-9a-f]{32}\.bin$/);
    const bytes = readFileSync(join(cache, written!));

    const second = loadCommonJs(file, cache);
    expect((second.exports as { answer(): number }).answer()).toBe(42);
    second.afterRun();
    expect(readdirSync(cache)).toEqual([written]);
    expect(readFileSync(join(cache, written!)).equals(bytes)).toBe(true);
  });

  it('replaces a cache V8 rejects', () => {
    // A source this process has not compiled yet (V8 would reuse its own in-memory compilation).
    const source = 'module.exports = { answer: () => 43 };\n';
    const file = script(source);
    const cache = cacheDirectory({}, base)!;
    const name = cacheFileName(source, process);
    writeFileSync(join(cache, name), 'garbage');
    const load = loadCommonJs(file, cache);
    expect((load.exports as { answer(): number }).answer()).toBe(43);
    load.afterRun();
    expect(readFileSync(join(cache, name), 'utf8')).not.toBe('garbage');
    expect(readdirSync(cache)).toEqual([name]);
  });

  it('keys a changed file to a new cache file', () => {
    const cache = cacheDirectory({}, base)!;
    loadCommonJs(script('module.exports = 1;\n'), cache).afterRun();
    const load = loadCommonJs(script('module.exports = 2;\n'), cache);
    expect(load.exports).toBe(2);
    load.afterRun();
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('runs without a cache folder', () => {
    const load = loadCommonJs(script('module.exports = 3;\n'), undefined);
    expect(load.exports).toBe(3);
    load.afterRun();
    expect(readdirSync(base)).toEqual(['bundle.cjs']);
  });
});

describe('pruneCache', () => {
  it('keeps the newest cache files only, and leaves other files alone', () => {
    const dir = cacheDirectory({}, base)!;
    const names = Array.from({ length: KEPT_CACHE_FILES + 3 }, (_, i) => `${i.toString(16).padStart(32, '0')}.bin`);
    names.forEach((name, i) => {
      writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, name), 1_000_000 + i, 1_000_000 + i); // the later, the newer
    });
    writeFileSync(join(dir, 'notes.txt'), 'not a cache file');
    pruneCache(dir);
    expect(readdirSync(dir).sort()).toEqual([...names.slice(3), 'notes.txt'].sort());
  });

  it('runs when a cache is written', () => {
    const dir = cacheDirectory({}, base)!;
    const old = Array.from({ length: KEPT_CACHE_FILES }, (_, i) => `${i.toString(16).padStart(32, '0')}.bin`);
    for (const name of old) {
      writeFileSync(join(dir, name), 'x');
      utimesSync(join(dir, name), 1_000_000, 1_000_000);
    }
    const file = join(base, 'bundle.cjs');
    writeFileSync(file, 'module.exports = 1;');
    loadCommonJs(file, dir).afterRun();
    const left = readdirSync(dir);
    expect(left).toHaveLength(KEPT_CACHE_FILES);
    expect(left).toContain(cacheFileName(readFileSync(file, 'utf8'), process));
  });
});
