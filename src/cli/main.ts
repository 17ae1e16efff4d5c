#!/usr/bin/env node
/**
 * The `octavo` binary. A build (`npm run build`) bundles the CLI into dist/cli/octavo.cjs, run
 * here with V8's code cache (compile-cache.ts); without the bundle (tsc alone), the CLI runs from
 * its modules.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BundledCli } from './compile-cache.js';

const bundle = fileURLToPath(new URL('./octavo.cjs', import.meta.url));

if (existsSync(bundle)) {
  const { cacheDirectory, loadCommonJs } = await import('./compile-cache.js');
  const { exports, afterRun } = loadCommonJs(bundle, cacheDirectory());
  await (exports as BundledCli).runCli();
  afterRun();
} else {
  await (await import('./dispatch.js')).runCli();
}
