#!/usr/bin/env node
/**
 * `npm run soak` (issue 15): the long fuzz run, then memory under load — N renders in one engine
 * and N requests to one server (127.0.0.1 only) — failing when RSS or the heap grows by 10 % or
 * more after the warm-up (scripts/soak-memory.mjs). Bounded: SOAK_RENDERS / SOAK_REQUESTS
 * (default 10,000 each), FUZZ_RUNS (default 500 per property; 0 skips the fuzz run).
 * Needs `npm run build` first and node's `--expose-gc` (the npm script passes it).
 * The last line is a JSON summary (test/service/soak.test.ts reads it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describeSoak, soakEngine, soakServer } from './soak-memory.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const renders = Number(process.env.SOAK_RENDERS ?? 10_000);
const requests = Number(process.env.SOAK_REQUESTS ?? 10_000);
const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 500);
const MAX_GROWTH_PERCENT = 10;

let fuzzOk = true;
if (fuzzRuns > 0) {
  console.log(`fuzz: ${fuzzRuns} runs per property`);
  const fuzz = spawnSync('npx', ['vitest', 'run', 'test/render/fuzz.test.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(fuzzRuns) }, timeout: 3_600_000 });
  fuzzOk = fuzz.status === 0;
}
// warm-up: the shaping caches (5,000 entries each) fill in a few hundred renders
const engine = renders > 0 ? await soakEngine({ renders, warmup: Math.min(2_000, Math.floor(renders / 2)) }) : undefined;
if (engine) console.log(describeSoak('engine', engine));
const server = requests > 0 ? await soakServer({ requests, warmup: Math.floor(requests / 2) }) : undefined;
if (server) console.log(describeSoak('server', server));

const flat = (result) => result === undefined || (result.rss.growth < MAX_GROWTH_PERCENT && result.heap.growth < MAX_GROWTH_PERCENT);
const ok = fuzzOk && flat(engine) && flat(server);
console.log(ok ? 'soak: passed' : 'soak: FAILED');
console.log(JSON.stringify({ ok, fuzzOk, engine, server }));
process.exit(ok ? 0 : 1);
