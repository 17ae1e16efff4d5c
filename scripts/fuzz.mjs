// `npm run fuzz`: the fast-check properties of `npm test` over untrusted bytes and markup, with many
// more runs — mutated images and fonts (test/resources/fuzz-resources.test.ts), RLE bitmaps
// (test/resources/bmp-rle.test.ts), random HTML, CSS, templates and gallery mutations
// (test/render/fuzz.test.ts). FUZZ_RUNS sets the runs per property (default 100; `npm test` runs
// 6 to 60), FUZZ_SEED other inputs (default: a new one each time, printed to replay a failure).
// Arguments go to vitest (e.g. a file to fuzz only it).
import { spawn } from 'node:child_process';

const FILES = ['test/resources/fuzz-resources.test.ts', 'test/resources/bmp-rle.test.ts', 'test/render/fuzz.test.ts'];
const runs = process.env.FUZZ_RUNS ?? '100';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : FILES;
process.stdout.write(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed} (set both to replay)\n`);
const started = Date.now();
const child = spawn('npx', ['vitest', 'run', ...files], { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed } });
child.on('close', (code, signal) => {
  process.stdout.write(`fuzz: ${((Date.now() - started) / 1000).toFixed(0)} s, FUZZ_RUNS=${runs} FUZZ_SEED=${seed}\n`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
