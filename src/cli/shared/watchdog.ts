/**
 * The CLI's default render time limit: a render in this thread is bounded by the engine's budget
 * (limits.maxRenderMs), checked where the engine checks it; a render stuck where it does not check
 * (layout is synchronous, so no timer of this thread can fire) is ended by this watchdog, a tiny
 * thread that prints why and kills the process (SIGKILL: exit status 137) a grace period later.
 * `--timeout` renders in a thread of its own instead (render-thread.ts), terminated at the limit.
 */
import { startupSnapshot } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** The engine's budget (DEFAULT_LIMITS.maxRenderMs) plus this long before the process is killed. */
export const WATCHDOG_GRACE_MS = 5_000;

const SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
setTimeout(() => {
  writeSync(2, workerData.message);
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/** Starts the watchdog; the returned function stops it (call it once the render is done). */
export function startWatchdog(budgetMs: number, graceMs = WATCHDOG_GRACE_MS): () => void {
  if (startupSnapshot.isBuildingSnapshot()) return () => undefined; // the snapshot's warm-up render: no threads there
  const ms = budgetMs + graceMs;
  const message = `octavo: rendering took longer than ${ms} ms (limits.maxRenderMs = ${budgetMs} and a grace period): stopped\n`
    + '  hint: pass --timeout SECONDS to allow longer renders\n';
  const worker = new Worker(SOURCE, { eval: true, workerData: { ms, message, pid: process.pid } });
  worker.unref();
  return () => { void worker.terminate(); };
}
