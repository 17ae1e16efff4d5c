/** A batch on the wire (snake_case, as the rest of the API): its counts, and when it ended. */
import type { JobRecord } from '../jobs/types.js';
import { countStates } from './memory-store.js';
import type { BatchCounts, BatchRecord } from './types.js';

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

export function batchDto(batch: BatchRecord, jobs: readonly JobRecord[], baseUrl: string): BatchDto {
  const counts = countStates(jobs);
  const status = batchState(counts);
  const finished = jobs.reduce((last, job) => Math.max(last, job.finished?.getTime() ?? 0), 0);
  return {
    id: batch.id, status, template_id: batch.templateId, status_url: `${baseUrl}/v1/pdf-batches/${batch.id}`,
    total: batch.jobIds.length, counts, created_at: batch.created.toISOString(),
    finished_at: status === 'completed' && finished > 0 ? new Date(finished).toISOString() : null,
  };
}
