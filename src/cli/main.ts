#!/usr/bin/env node
/**
 * The `octavo` binary. A build (`npm run build`) makes a V8 startup snapshot of the CLI
 * (dist/cli/octavo.blob), which the command runs from when this Node build can
 * (launch-snapshot.ts), and bundles the CLI into dist/cli/octavo.cjs, run here with V8's code
 * cache (compile-cache.ts) otherwise; without either (tsc alone), the CLI runs from its modules.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BundledCli } from '../compile-cache.js';

const main = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const bundle = fileURLToPath(new URL('./octavo.cjs', import.meta.url));
const { runFromSnapshot, snapshotBlob } = await import('./launch-snapshot.js');
const blob = snapshotBlob(dirname(main), args);

if (blob !== undefined && await runFromSnapshot(blob, main, args)) {
  // done: the process started from the snapshot ran the command
} else if (existsSync(bundle)) {
  const { cacheDirectory, loadCommonJs } = await import('../compile-cache.js');
  const { exports, afterRun } = loadCommonJs(bundle, cacheDirectory());
  await (exports as BundledCli).runCli();
  afterRun();
} else {
  await (await import('./dispatch.js')).runCli();
}
