// The engine's caches after rendering documents with one warm engine (run by bench/run.mjs
// `--only caches` in a child process): every cache the process registered (src/cache/bounded.ts)
// with its live instances, entries, bound, hits and misses. Prints one JSON array.
//   node bench/lib/caches.mjs ROUNDS
import { createInternalEngine } from '../../dist/render.js';
import { cacheStats } from '../../dist/cache/bounded.js';
import { fixture, invoiceBatch } from './documents.mjs';

const rounds = Number(process.argv[2] ?? 3);
const engine = createInternalEngine();
const requests = [fixture('invoice'), fixture('book'), ...invoiceBatch(20)];
for (let round = 0; round < rounds; round++) {
  for (const request of requests) await engine.render(request);
}
process.stdout.write(`${JSON.stringify(cacheStats())}\n`);
