/**
 * Tests that start processes: the CLI from dist/, `octavo serve`, a browser, PostgreSQL.
 *
 * Their time limits catch a hang; they are no speed budget (those are in bench/). A cold CLI render
 * takes about half a second on a quiet machine and many seconds on a loaded one, where a tight
 * limit failed tests that were right.
 *
 * dist/ is built once: `npm test` builds before vitest runs; a test run by hand builds it when a
 * source file is newer (one build, however many test files ask at the same time).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The time limit of a test (or hook) that starts processes. */
export const PROCESS_TEST_TIMEOUT_MS = 300_000;

/** How long one process may run before the test kills it (a test may start several). */
export const PROCESS_TIMEOUT_MS = 120_000;

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Written by the build after the compiled files (scripts/bundle.mjs). */
const BUILT_MARKER = join(ROOT, 'dist', 'cli', 'octavo.cjs');
const LOCK = join(ROOT, 'dist', '.test-build.lock');

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(folder: string): number {
  let found = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    found = Math.max(found, entry.isDirectory() ? newest(path) : mtime(path));
  }
  return found;
}

const isBuilt = (): boolean => mtime(BUILT_MARKER) > Math.max(newest(join(ROOT, 'src')), newest(join(ROOT, 'scripts')));

/** Waits synchronously (the caller has nothing else to do until dist/ is built). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds dist/ unless it is newer than every source file; test files asking at once share one build. */
export function ensureBuilt(): void {
  if (isBuilt()) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK); // atomic: the one test file that creates it builds
      break;
    } catch {
      if (isBuilt()) return; // another file built it meanwhile
      if (Date.now() - mtime(LOCK) > PROCESS_TEST_TIMEOUT_MS) rmSync(LOCK, { recursive: true, force: true }); // its builder died
      pause(500);
    }
  }
  try {
    if (!isBuilt()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: PROCESS_TEST_TIMEOUT_MS });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
