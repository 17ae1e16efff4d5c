/** A batch on the wire (snake_case, as the rest of the API): its counts, and when it ended. */
import type { BatchCounts, BatchRecord, BatchSummary } from '../records/batches.js';

export type BatchState = 'pending' | 'running' | 'completed';

export interface BatchDto {
  readonly id: string;
  readonly status: BatchState;
  readonly template_id: string;
  readonly status_url: string;
  readonly total: number;
  readonly counts: BatchCounts;
  readonly created_at: string;
  /** When its last item finished; null until then. */
  readonly finished_at: string | null;
}

export function batchState(counts: BatchCounts): BatchState {
  if (counts.pending + counts.generating === 0) return 'completed';
  return counts.generating + counts.succeeded + counts.failed === 0 ? 'pending' : 'running';
}

export function batchDto(batch: BatchRecord, summary: BatchSummary, baseUrl: string): BatchDto {
  const status = batchState(summary.counts);
  return {
    id: batch.id, status, template_id: batch.templateId, status_url: `${baseUrl}/v1/pdf-batches/${batch.id}`,
    total: batch.jobIds.length, counts: summary.counts, created_at: batch.created.toISOString(),
    finished_at: status === 'completed' && summary.lastFinished !== null ? summary.lastFinished.toISOString() : null,
  };
}
