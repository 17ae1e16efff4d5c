/**
 * octavo's own processes (every CLI command, `octavo serve` with its render threads) let V8 grow
 * the old generation to 1.5× what survived its last full collection, instead of V8's own factor
 * (up to 4× when collecting is fast, which it is on a heap of short-lived layout records). A long
 * document's live memory is flat from page to page, but its garbage is promoted page after page
 * and, with the default factor, waits: the 20,000-row statement peaked at 652 MiB, with this
 * 324 MiB, in the same time (bench/README.md). The library does not set it: V8 flags are
 * process-wide, and the process is its host's (README.md, Library, says how to set it there).
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Sets the growth factor unless the node command line or NODE_OPTIONS chose one. */
export function boundHeapGrowth(): void {
  const chosen = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].some((flag) => /heap[-_]growing[-_]percent/.test(flag));
  if (!chosen) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
