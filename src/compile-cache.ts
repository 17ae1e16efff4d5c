/**
 * Runs the bundled CLI (dist/cli/octavo.cjs) and the bundled library (dist/octavo.cjs, both made by
 * scripts/bundle.mjs) with V8's code cache, so a new `octavo` process, or a process importing
 * octavo, skips most of the parsing and compiling of its ~2 MB of JavaScript.
 * Node 20 has no compile cache for modules (module.enableCompileCache is Node 22.1+), hence a
 * CommonJS bundle compiled by vm.Script with `cachedData`.
 *
 * The cache is best effort: any failure to read or write it only costs the compile it would have
 * saved. It lives in os.tmpdir(), in a folder of the current user that nobody else can write (a
 * code cache is trusted code), one file per bundle content, Node version and architecture.
 */
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** What the CLI's bundle exports (src/cli/dispatch.ts). */
export interface BundledCli {
  runCli(): Promise<void>;
}

export interface Runtime {
  readonly version: string;
  readonly arch: string;
}

/**
 * The cache file's name: V8 itself rejects a cache made by another V8 or for a source of another
 * length, but not one made for another source of the same length, so the content is in the name.
 */
export function cacheFileName(source: string, runtime: Runtime): string {
  const hash = createHash('sha256').update(source).update(`\0${runtime.version}\0${runtime.arch}`).digest('hex');
  return `${hash.slice(0, 32)}.bin`;
}

/**
 * The user's cache folder (created when missing), or undefined when caching is off
 * (OCTAVO_COMPILE_CACHE=0) or the folder is not a private directory of this user.
 */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env, base = tmpdir()): string | undefined {
  if (env.OCTAVO_COMPILE_CACHE === '0') return undefined;
  const uid = process.getuid?.();
  const dir = join(base, `octavo-compile-cache-${uid ?? 'user'}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const private_ = stat.isDirectory() && (stat.mode & 0o022) === 0 && (uid === undefined || stat.uid === uid);
    return private_ ? dir : undefined;
  } catch {
    return undefined;
  }
}

function readCache(file: string | undefined): Buffer | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Cache files kept in the folder: each build writes three (the CLI, the library, the render processes), ~0.8 MB each. */
export const KEPT_CACHE_FILES = 12;

/**
 * Removes all but the `KEPT_CACHE_FILES` newest cache files: every build and Node version writes
 * new ones, and the library writes them from its users' applications, so upgrades would otherwise
 * pile them up in the temporary directory. A file removed while still in use costs one compile.
 */
export function pruneCache(dir: string, kept = KEPT_CACHE_FILES): void {
  try {
    const files = readdirSync(dir).filter((name) => /^[0-9a-f]{32}\.bin$/.test(name))
      .map((name) => ({ path: join(dir, name), mtime: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const { path } of files.slice(kept)) rmSync(path, { force: true });
  } catch {
    // best effort, as the cache itself
  }
}

/** Written once the command has run, so that the functions it compiled lazily are in the cache too. */
function writeCache(file: string, script: vm.Script): void {
  try {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    pruneCache(dirname(file));
  } catch {
    // best effort: the next process compiles again
  }
}

/**
 * The bundle's `import()` of a package (ESM-only ones, loaded lazily): vm.Script has no stable way
 * to import on Node 20 (USE_MAIN_CONTEXT_DEFAULT_LOADER warns that it is experimental), so the
 * bundle calls this instead, which resolves packages from dist/, beside the bundles.
 */
function importPackage(specifier: string): Promise<unknown> {
  return import(specifier);
}

/** Loads a CommonJS file with the code cache of `cacheDir`; `afterRun` writes the cache when it was missing or stale. */
export function loadCommonJs(file: string, cacheDir: string | undefined): { exports: unknown; afterRun: () => void } {
  const source = readFileSync(file, 'utf8').replace(/^#!.*/, '');
  const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, cacheFileName(source, process));
  const cachedData = readCache(cacheFile);
  const wrapper = `(function (exports, require, module, __filename, __dirname, __octavoImport) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file), importPackage);
  const stale = cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true);
  return { exports: module.exports, afterRun: () => { if (stale) writeCache(cacheFile, script); } };
}

/**
 * Watches renders (the returned function passes each one through) and calls `write` once the first
 * has settled, off that render's path: the code cache written then holds what a render compiles.
 */
export function afterFirstRender(write: () => void): <T>(rendering: Promise<T>) => Promise<T> {
  let pending = true;
  const settled = (): void => {
    if (!pending) return;
    pending = false;
    setImmediate(write).unref();
  };
  return (rendering) => {
    if (pending) void rendering.then(settled, settled);
    return rendering;
  };
}
