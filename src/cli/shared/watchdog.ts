/**
 * The CLI's default render time limit: a render in this thread is bounded by the engine's budget
 * (limits.maxRenderMs), checked where the engine checks it; a render stuck where it does not check
 * (layout is synchronous, so no timer of this thread can fire) is ended by this watchdog, a tiny
 * thread that prints why and kills the process (SIGKILL: exit status 137) a grace period later.
 * `--timeout` renders in a thread of its own instead (render-thread.ts), terminated at the limit.
 *
 * A process started from the CLI's startup snapshot (`node --snapshot-blob`, launch-snapshot.ts)
 * cannot start worker threads: Node's worker bootstrap reads the main thread's cwd counter, which
 * a deserialized main thread does not have, and the worker dies with "undefined is not an integer
 * typed array". There the watchdog is a small child process instead, which also leaves when its
 * parent is gone.
 */
import { spawn } from 'node:child_process';
import { startupSnapshot } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** The engine's budget (DEFAULT_LIMITS.maxRenderMs) plus this long before the process is killed. */
export const WATCHDOG_GRACE_MS = 5_000;

/** Evaluated as CommonJS or as a module depending on the nearest package.json: builtins through getBuiltinModule work in both. */
const THREAD_SOURCE = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const { writeSync } = process.getBuiltinModule('node:fs');
setTimeout(() => {
  writeSync(2, workerData.message);
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/** argv: pid, ms, message. Polls its parent so that it never outlives the render it guards. */
const PROCESS_SOURCE = `
const [pid, ms, message] = process.argv.slice(1);
const deadline = Date.now() + Number(ms);
const alive = () => { try { process.kill(Number(pid), 0); return process.ppid === Number(pid); } catch { return false; } };
const tick = setInterval(() => {
  if (!alive()) process.exit(0);
  if (Date.now() < deadline) return;
  clearInterval(tick);
  process.stderr.write(message);
  process.kill(Number(pid), 'SIGKILL');
}, 250);
`;

const fromSnapshot = (): boolean => process.execArgv.some((flag) => flag.startsWith('--snapshot-blob'));

/** Starts the watchdog; the returned function stops it (call it once the render is done). */
export function startWatchdog(budgetMs: number, graceMs = WATCHDOG_GRACE_MS): () => void {
  if (startupSnapshot.isBuildingSnapshot()) return () => undefined; // the snapshot's warm-up render: no threads there
  const ms = budgetMs + graceMs;
  const message = `octavo: rendering took longer than ${ms} ms (limits.maxRenderMs = ${budgetMs} and a grace period): stopped\n`
    + '  hint: pass --timeout SECONDS to allow longer renders\n';
  if (fromSnapshot()) {
    const child = spawn(process.execPath, ['-e', PROCESS_SOURCE, String(process.pid), String(ms), message], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.unref();
    return () => { child.kill(); };
  }
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { ms, message, pid: process.pid } });
  worker.unref();
  return () => { void worker.terminate(); };
}
