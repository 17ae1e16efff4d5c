/**
 * Warming a render process after it has said it is ready (render-worker.ts, render-process.ts),
 * one render at a time while no request waits. One warm-up render before `ready` compiles what a
 * one-page document runs, but V8 optimises a function only after it has run many times: the next
 * ten renders of a fresh process still cost 3-6x its hundredth (bench/README.md, stop 27-30).
 * Rendering the warm-up document again at other lengths and with other words moves that cost off
 * the requests' path.
 *
 * It stops once the renders have settled — a round of the step documents (one of each length of
 * `WARM_UP_ROWS`) costing no less than 0.9x the cheapest round so far, twice — or when its CPU
 * budget is spent. CPU is the process's (all threads: V8 compiles on helper threads), so the budget
 * bounds what the warm-up takes from the machine, whatever the load.
 */
import { WARM_UP_ROWS, warmUpStepJob } from './warm-up.js';
import type { RenderJob } from './renderer.js';

/** `octavo serve` and `octavo worker`: CPU ms each render process may spend warming up once ready (the pool's `warmUpMs`). */
export const DEFAULT_WARM_UP_MS = 3_000;

/** A round counts as cheaper only below this share of the cheapest one so far. */
const SETTLED_RATIO = 0.9;
/** Rounds in a row not cheaper than that: settled. */
const SETTLED_ROUNDS = 2;

/** The process's CPU time so far (user + system, every thread), in ms. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export interface WarmUpProgress {
  /** Warm-up renders done after `ready`. */
  readonly renders: number;
  /** CPU ms they took. */
  readonly cpuMs: number;
  /** Whether they stopped because the renders settled (else: the budget ran out). */
  readonly settled: boolean;
}

/**
 * One warm-up render per call; resolves `undefined` while there is more to do, then the progress
 * once done (settled or budget spent; a budget of 0 is done at once). A failed warm-up render
 * counts like any other: what it reached is compiled.
 */
export function warmUntilSteady(render: (job: RenderJob) => Promise<unknown>, budgetMs: number, cpuMs: () => number = processCpuMs): () => Promise<WarmUpProgress | undefined> {
  let renders = 0;
  let spent = 0;
  let round = 0;
  let cheapestRound = Infinity;
  let roundsNotCheaper = 0;
  let done: WarmUpProgress | undefined = budgetMs > 0 ? undefined : { renders: 0, cpuMs: 0, settled: false };
  return async () => {
    if (done !== undefined) return done;
    const before = cpuMs();
    await render(warmUpStepJob(renders)).catch(() => undefined);
    const took = cpuMs() - before;
    renders++;
    spent += took;
    round += took;
    if (renders % WARM_UP_ROWS.length === 0) {
      if (round < cheapestRound * SETTLED_RATIO) roundsNotCheaper = 0;
      else roundsNotCheaper++;
      cheapestRound = Math.min(cheapestRound, round);
      round = 0;
    }
    const settled = roundsNotCheaper >= SETTLED_ROUNDS;
    if (settled || spent >= budgetMs) done = { renders, cpuMs: Math.round(spent), settled };
    return done;
  };
}
