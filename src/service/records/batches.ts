/**
 * Bulk generation (issue 30): one request with up to 1,000 payloads for one template makes a
 * batch of asynchronous jobs (records/jobs.ts), one per item, which run and are paid for one by one
 * like any job. The `BatchStore` keeps the batch (its items' job ids, in request order) and makes
 * its jobs with it, all or nothing; the batch's counts are read from its jobs, never kept apart.
 */
import type { GenerateCommand } from './command.js';
import type { JobRecord } from './jobs.js';

export const MAX_BATCH_ITEMS = 1000;

export interface BatchRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly templateId: string;
  /** Where the batch's end is posted (else the workspace default, looked up then). */
  readonly webhookUrl: string | null;
  readonly idempotencyKey: string | null;
  /** The public URL the request came to: links in the batch webhook are built on it. */
  readonly baseUrl: string;
  readonly created: Date;
  /** The items' jobs, in the order of the request's `items`. */
  readonly jobIds: readonly string[];
}

export interface BatchCounts {
  readonly pending: number;
  readonly generating: number;
  readonly succeeded: number;
  readonly failed: number;
}

export interface NewBatch {
  readonly workspaceId: string;
  readonly templateId: string;
  /** The template's version at acceptance: every item renders it. */
  readonly templateVersion: number;
  readonly webhookUrl: string | null;
  readonly idempotencyKey: string | null;
  readonly baseUrl: string;
  /** One command per item (the template is the batch's). */
  readonly items: readonly GenerateCommand[];
}

/** The batch's counts and when its last finished item ended (null while none has). */
export interface BatchSummary {
  readonly counts: BatchCounts;
  readonly lastFinished: Date | null;
}

/** A slice of a batch's items, in request order. */
export interface ItemPage {
  /** Index of the first item. */
  readonly offset: number;
  readonly limit: number;
}

export interface BatchStore {
  /**
   * Stores the batch and one pending job per item together (PostgreSQL: one transaction), or
   * returns the workspace's batch with the same idempotency key (`created: false`).
   */
  createBatch(input: NewBatch, now: Date): Promise<{ readonly batch: BatchRecord; readonly created: boolean }>;
  /** Only a batch of that workspace; another workspace's is indistinguishable from a missing one. */
  getBatch(workspaceId: string, batchId: string): Promise<BatchRecord | undefined>;
  /** The batch's jobs in item order, all or one page of them (a job swept after its retention is left out). */
  batchJobs(batch: BatchRecord, page?: ItemPage): Promise<readonly JobRecord[]>;
  /** How many of the batch's jobs are in each state, and when the last one ended (one query, read at every item's end). */
  batchSummary(batch: BatchRecord): Promise<BatchSummary>;
  /** Records that every item of the batch was handed to the queue (the re-queue sweep skips it from then on). */
  markBatchQueued(batchId: string, now: Date): Promise<void>;
  /**
   * Batches stored at or before `before` and never marked queued: their request stopped (its
   * process killed) between storing the batch and queueing it.
   */
  unqueuedBatches(before: Date): Promise<readonly BatchRecord[]>;
  /** Removes batches made at or before `before` whose jobs were all swept (main/jobs-setup.ts' retention); returns how many. */
  deleteSweptBatches(before: Date): Promise<number>;
  close(): Promise<void>;
}
