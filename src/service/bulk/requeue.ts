/**
 * Queueing a batch's items, and finding the batches whose queueing was cut. A batch is stored with
 * its jobs in one step, then its items are queued, then it is marked queued; an API process killed
 * between the first and the last leaves a batch whose items no worker will ever take. The sweep
 * (on the cleanup schedule of every process, main/jobs-setup.ts) queues those again, so the batch
 * completes without the client retrying. Queueing twice is harmless: the queue takes a job id once
 * (pg-boss: the job id is its id), and a run of a finished job only re-announces it.
 */
import type { BatchRecord, BatchStore } from '../records/batches.js';
import type { JobQueue } from '../records/jobs.js';

/** A batch younger than this is left to its request, which may still be queueing it. */
export const DEFAULT_REQUEUE_AFTER_SECONDS = 30;

export interface QueueingDeps {
  readonly batches: BatchStore;
  readonly queue: JobQueue;
  readonly now: () => Date;
}

/** Queues the batch's items (all when just made; a retried request: those still pending), then marks it queued. */
export async function queueBatch(deps: QueueingDeps, batch: BatchRecord, created: boolean): Promise<void> {
  const pending = created ? batch.jobIds
    : (await deps.batches.batchJobs(batch)).filter((job) => job.state === 'pending').map((job) => job.id);
  await deps.queue.enqueueMany(pending);
  await deps.batches.markBatchQueued(batch.id, deps.now());
}

/** Queues every batch stored more than `afterSeconds` ago and never marked queued; returns how many. */
export async function requeueCutBatches(deps: QueueingDeps, afterSeconds = DEFAULT_REQUEUE_AFTER_SECONDS): Promise<number> {
  const cut = await deps.batches.unqueuedBatches(new Date(deps.now().getTime() - afterSeconds * 1000));
  for (const batch of cut) await queueBatch(deps, batch, false);
  return cut.length;
}
