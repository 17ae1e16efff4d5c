/**
 * The end of a batch, announced once: each item's job, when it finishes (in any worker), reads its
 * batch's counts after its own outcome is committed, so the last item to finish sees none left
 * and announces `batch.completed`. The delivery's id is the batch's: two items finishing together,
 * or a finished item run again after its worker died, record it once (webhooks/deliveries.ts),
 * and it is signed, retried and listed like a job's. Items of a batch have no webhook of their own.
 */
import type { JobRecord } from '../records/jobs.js';
import type { WebhookDeps } from '../webhooks/deliveries.js';
import { announce } from '../webhooks/deliveries.js';
import { batchDto, batchState } from './dto.js';
import type { BatchStore } from '../records/batches.js';

export const BATCH_COMPLETED = 'batch.completed';

export function batchAnnouncer(batches: BatchStore, webhooks: WebhookDeps): (job: JobRecord) => Promise<void> {
  return async (job) => {
    if (job.batchId === null || job.finished === null) return;
    const batch = await batches.getBatch(job.workspaceId, job.batchId);
    if (batch === undefined) return;
    const summary = await batches.batchSummary(batch);
    if (batchState(summary.counts) !== 'completed') return;
    const url = batch.webhookUrl ?? (await webhooks.store.getEndpoint(batch.workspaceId))?.url ?? null;
    if (url === null) return;
    const data = batchDto(batch, summary, batch.baseUrl);
    await announce(webhooks, {
      id: batch.id, workspaceId: batch.workspaceId, jobId: null, batchId: batch.id, event: BATCH_COMPLETED, url,
      payload: JSON.stringify({ type: BATCH_COMPLETED, timestamp: data.finished_at ?? job.finished.toISOString(), data }),
    });
  };
}
