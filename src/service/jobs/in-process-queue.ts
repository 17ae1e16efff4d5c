/**
 * The job queue of one machine (fs or memory storage, no PostgreSQL): job ids wait in this
 * process and run `concurrency` at a time; a handler that throws is tried again after a delay
 * that doubles each time, at most `retryLimit` times. Nothing survives the process, as the
 * in-memory job store does not either (with PostgreSQL, pg-boss: queue/pg-boss.ts).
 */
import type { JobHandler, JobQueue } from '../records/jobs.js';

export interface InProcessQueueOptions {
  readonly retryLimit?: number;
  readonly retryDelayMs?: number;
}

export function createInProcessQueue(options: InProcessQueueOptions = {}): JobQueue {
  const retryLimit = options.retryLimit ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const waiting: string[] = [];
  const failures = new Map<string, number>();
  /** Ids waiting, running or waiting for a retry: sending one again is ignored, as pg-boss ignores a job id it holds. */
  const held = new Set<string>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let handler: JobHandler | undefined;
  let concurrency = 0;
  let closed = false;

  const pump = (): void => {
    while (!closed && handler !== undefined && running.size < concurrency && waiting.length > 0) {
      const jobId = waiting.shift()!;
      const run: Promise<void> = handler(jobId).then(
        () => { failures.delete(jobId); held.delete(jobId); },
        () => { retryLater(jobId); },
      ).finally(() => { running.delete(run); pump(); });
      running.add(run);
    }
  };
  const retryLater = (jobId: string): void => {
    const failed = (failures.get(jobId) ?? 0) + 1;
    if (failed > retryLimit) { failures.delete(jobId); held.delete(jobId); return; }
    failures.set(jobId, failed);
    const timer = setTimeout(() => { timers.delete(timer); waiting.push(jobId); pump(); }, retryDelayMs * 2 ** (failed - 1));
    timer.unref();
    timers.add(timer);
  };
  const enqueue = (jobId: string): void => {
    if (closed || held.has(jobId)) return;
    held.add(jobId);
    waiting.push(jobId);
    pump();
  };
  return {
    enqueue: async (jobId) => { enqueue(jobId); },
    enqueueMany: async (jobIds) => { for (const jobId of jobIds) enqueue(jobId); },
    work: async (next, count) => {
      handler = next;
      concurrency = count;
      pump();
    },
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
