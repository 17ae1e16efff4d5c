/**
 * `octavo render` of one document lets V8 grow the old generation to 1.5× what survived its last
 * full collection, instead of V8's own factor (up to 4× when collecting is fast, as it is on a heap
 * of short-lived layout records). A long document's live memory is flat from page to page, but its
 * garbage is promoted page after page and, with the default factor, waits: the 20,000-row
 * statement peaked at 652 MiB, with this 324 MiB, in the same time (bench/README.md). Processes
 * that render many documents (`serve`, `render --batch`) and the library keep V8's default: there
 * the bound costs a one-page invoice 2–8 ms more CPU on V8's helper threads (more full marking of
 * the engine's caches), and V8 flags are process-wide — the host's to set (README.md, Library).
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Sets the growth factor unless the node command line or NODE_OPTIONS chose one, or a snapshot is being built. */
export function boundHeapGrowth(): void {
  // a flag set while the CLI's startup snapshot is built would be baked into the blob's flag check
  if (v8.startupSnapshot.isBuildingSnapshot()) return;
  const chosen = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].some((flag) => /heap[-_]growing[-_]percent/.test(flag));
  if (!chosen) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
