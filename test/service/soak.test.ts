/**
 * The soak in short (issue 15): `npm run soak` runs 10,000 renders and 10,000 requests; here 300
 * renders in one engine and 600 requests (60 of them generates) to one server, each with
 * varying data, in a child process with `--expose-gc`. After the warm-up (the shaping caches
 * full), the heap must stay flat (under 10 % growth) and RSS too (under 20 %: a short run's RSS is
 * noisier than the long run's, which holds it under 10 %). Builds dist/ first when a source file is newer.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/processes.js';

/** 300 renders and 600 requests take about 15 s of CPU time: many minutes on a loaded machine. */
const SOAK_TIMEOUT_MS = 900_000;

interface Growth { readonly warm: number; readonly end: number; readonly growth: number }
interface SoakResult { readonly count: number; readonly rss: Growth; readonly heap: Growth }

function soak(): Promise<{ engine: SoakResult; server: SoakResult; output: string }> {
  ensureBuilt();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--expose-gc', 'scripts/soak.mjs'], {
      cwd: ROOT, encoding: 'utf8', timeout: SOAK_TIMEOUT_MS - 30_000,
      env: { ...process.env, SOAK_RENDERS: '300', SOAK_REQUESTS: '600', FUZZ_RUNS: '0' },
    }, (error, stdout, stderr) => {
      const summary = stdout.trim().split('\n').at(-1) ?? '';
      if (!summary.startsWith('{')) {
        reject(new Error(`soak did not finish: ${error?.message ?? ''}\n${stdout}\n${stderr}`));
        return;
      }
      resolve({ ...(JSON.parse(summary) as { engine: SoakResult; server: SoakResult }), output: stdout });
    });
  });
}

describe('soak (short)', () => {
  it('keeps memory flat over 300 renders and 600 requests after warm-up', async () => {
    const { engine, server, output } = await soak();
    console.log(output.split('\n').filter((line) => line.startsWith('engine') || line.startsWith('server')).join('\n'));
    expect(engine.count).toBe(300);
    expect(server.count).toBe(600);
    expect(engine.heap.growth).toBeLessThan(10);
    expect(server.heap.growth).toBeLessThan(10);
    expect(engine.rss.growth).toBeLessThan(20);
    expect(server.rss.growth).toBeLessThan(20);
  }, SOAK_TIMEOUT_MS);
});
