/**
 * The batch store of one machine (fs and memory storage): batches in this process's memory, their
 * jobs in the in-memory job store (jobs/memory-store.ts). Like those jobs, batches do not outlive
 * the process (with PostgreSQL they do: storage/batches-postgres.ts).
 */
import { randomUUID } from 'node:crypto';
import type { JobRecord, JobStore } from '../records/jobs.js';
import type { BatchRecord, BatchStore, BatchSummary, ItemPage, NewBatch } from '../records/batches.js';

export function createMemoryBatchStore(jobs: JobStore): BatchStore {
  const batches = new Map<string, BatchRecord>();
  /** `workspace id + key` -> the batch, set before its jobs are made: a concurrent retry waits for the same batch */
  const keys = new Map<string, Promise<BatchRecord>>();
  /** Batches whose items were all handed to the queue (the re-queue sweep leaves them). */
  const queued = new Set<string>();
  const batchJobs = async (batch: BatchRecord, page?: ItemPage): Promise<JobRecord[]> => {
    const ids = page === undefined ? batch.jobIds : batch.jobIds.slice(page.offset, page.offset + page.limit);
    const found = await Promise.all(ids.map((id) => jobs.getJob(batch.workspaceId, id)));
    return found.filter((job): job is JobRecord => job !== undefined);
  };
  const create = async (input: NewBatch, now: Date): Promise<BatchRecord> => {
    const id = randomUUID();
    const jobIds: string[] = [];
    for (const command of input.items) {
      const { job } = await jobs.createJob(
        { workspaceId: input.workspaceId, command, templateVersion: input.templateVersion, idempotencyKey: null, webhookUrl: null, batchId: id, baseUrl: input.baseUrl }, now);
      jobIds.push(job.id);
    }
    const batch: BatchRecord = {
      id, workspaceId: input.workspaceId, templateId: input.templateId, webhookUrl: input.webhookUrl,
      idempotencyKey: input.idempotencyKey, baseUrl: input.baseUrl, created: now, jobIds,
    };
    batches.set(id, batch);
    return batch;
  };
  return {
    createBatch: async (input: NewBatch, now: Date) => {
      if (input.idempotencyKey === null) return { batch: await create(input, now), created: true };
      const keyed = `${input.workspaceId} ${input.idempotencyKey}`;
      const existing = keys.get(keyed);
      if (existing !== undefined) return { batch: await existing, created: false };
      const creating = create(input, now);
      keys.set(keyed, creating);
      return { batch: await creating, created: true };
    },
    getBatch: async (workspaceId, batchId) => {
      const batch = batches.get(batchId);
      return batch?.workspaceId === workspaceId ? batch : undefined;
    },
    batchJobs,
    batchSummary: async (batch) => summarize(await batchJobs(batch)),
    markBatchQueued: async (batchId) => { queued.add(batchId); },
    unqueuedBatches: async (before) => [...batches.values()].filter((batch) => !queued.has(batch.id) && batch.created.getTime() <= before.getTime()),
    deleteSweptBatches: async (before) => {
      let removed = 0;
      for (const [id, batch] of batches) {
        if (batch.created.getTime() > before.getTime() || (await batchJobs(batch)).length > 0) continue;
        batches.delete(id);
        queued.delete(id);
        if (batch.idempotencyKey !== null) keys.delete(`${batch.workspaceId} ${batch.idempotencyKey}`);
        removed++;
      }
      return removed;
    },
    close: async () => undefined,
  };
}

function summarize(jobs: readonly JobRecord[]): BatchSummary {
  const counts = { pending: 0, generating: 0, succeeded: 0, failed: 0 };
  let lastFinished = 0;
  for (const job of jobs) {
    lastFinished = Math.max(lastFinished, job.finished?.getTime() ?? 0);
    if (job.state === 'success') counts.succeeded++;
    else if (job.state === 'failure') counts.failed++;
    else counts[job.state]++;
  }
  return { counts, lastFinished: lastFinished === 0 ? null : new Date(lastFinished) };
}
