/**
 * The batch store on PostgreSQL (records/batches.ts), shared by every API process and worker: the batch
 * row and its items' job rows (generation_jobs, storage/jobs-postgres.ts) are inserted in one
 * transaction, so a batch is never half-made; its counts are read from its jobs.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { BatchCounts, BatchRecord, BatchStore, NewBatch } from '../records/batches.js';
import type { JobRecord } from '../records/jobs.js';
import { JOB_COLUMNS, toJob } from './jobs-postgres.js';
import type { JobRow } from './jobs-postgres.js';
import { createPgPool, inTransaction } from './postgres.js';
import { isUuid } from './types.js';
import { maxOf } from '../../append-all.js';

/** Migration 4 of postgres.ts. */
export const BATCHES_MIGRATION = `
  CREATE TABLE generation_batches (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    template_id uuid NOT NULL,
    webhook_url text,
    idempotency_key text,
    base_url text NOT NULL,
    created timestamptz NOT NULL,
    job_ids uuid[] NOT NULL,
    UNIQUE (workspace_id, idempotency_key)
  );
  CREATE INDEX generation_batches_created ON generation_batches (created);
`;

/**
 * Migration 6 of postgres.ts: when a batch's items were all handed to the queue. A batch without
 * it was cut between storing and queueing (its API process killed): the re-queue sweep finds it.
 * Batches made before were queued by their request (or its retry): they count as queued.
 */
export const BATCHES_QUEUED_MIGRATION = `
  ALTER TABLE generation_batches ADD COLUMN queued_at timestamptz;
  UPDATE generation_batches SET queued_at = created;
  CREATE INDEX generation_batches_unqueued ON generation_batches (created) WHERE queued_at IS NULL;
`;

export function createPostgresBatchStore(connectionString: string): BatchStore {
  const pool = createPgPool(connectionString, 3);
  const getBatch = async (workspaceId: string, batchId: string) => !isUuid(workspaceId) || !isUuid(batchId) ? undefined : batchOf(
    (await pool.query<BatchRow>(`SELECT * FROM generation_batches WHERE id = $1 AND workspace_id = $2`, [batchId, workspaceId])).rows[0]);
  return {
    createBatch: (input, now) => createBatch(pool, input, now),
    getBatch,
    batchJobs: async (batch, page) => {
      const ids = page === undefined ? batch.jobIds : batch.jobIds.slice(page.offset, page.offset + page.limit);
      const rows = (await pool.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM generation_jobs WHERE id = ANY($1::uuid[]) AND workspace_id = $2`,
        [ids, batch.workspaceId])).rows;
      const byId = new Map(rows.map((row) => [row.id, toJob(row)]));
      return ids.map((id) => byId.get(id)).filter((job): job is JobRecord => job !== undefined);
    },
    batchSummary: async (batch) => {
      const rows = (await pool.query<{ state: string; n: string; last: Date | null }>(
        `SELECT state, count(*) AS n, max(finished) AS last FROM generation_jobs WHERE batch_id = $1 GROUP BY state`, [batch.id])).rows;
      const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
      const counts: BatchCounts = { pending: of('pending'), generating: of('generating'), succeeded: of('success'), failed: of('failure') };
      const last = Math.max(0, maxOf(rows.map((row) => row.last?.getTime() ?? 0)));
      return { counts, lastFinished: last === 0 ? null : new Date(last) };
    },
    markBatchQueued: async (batchId, now) => {
      await pool.query(`UPDATE generation_batches SET queued_at = $2 WHERE id = $1 AND queued_at IS NULL`, [batchId, now]);
    },
    unqueuedBatches: async (before) => (await pool.query<BatchRow>(
      `SELECT * FROM generation_batches WHERE queued_at IS NULL AND created <= $1 ORDER BY created LIMIT 100`, [before])).rows.map((row) => batchOf(row)!),
    deleteSweptBatches: async (before) => (await pool.query(
      `DELETE FROM generation_batches b WHERE created <= $1 AND NOT EXISTS (SELECT 1 FROM generation_jobs j WHERE j.batch_id = b.id)`,
      [before])).rowCount ?? 0,
    close: () => pool.end(),
  };
}

interface BatchRow {
  id: string; workspace_id: string; template_id: string; webhook_url: string | null; idempotency_key: string | null;
  base_url: string; created: Date; job_ids: string[];
}

function batchOf(row: BatchRow | undefined): BatchRecord | undefined {
  return row === undefined ? undefined : {
    id: row.id, workspaceId: row.workspace_id, templateId: row.template_id, webhookUrl: row.webhook_url,
    idempotencyKey: row.idempotency_key, baseUrl: row.base_url, created: row.created, jobIds: row.job_ids,
  };
}

async function createBatch(pool: pg.Pool, input: NewBatch, now: Date): Promise<{ batch: BatchRecord; created: boolean }> {
  const id = randomUUID();
  const items = input.items.map((command) => ({ id: randomUUID(), reference_id: command.referenceId, command }));
  const made = await inTransaction(pool, async (client) => {
    // a concurrent request with the same key waits on the unique index, then inserts nothing
    const batch = batchOf((await client.query<BatchRow>(
      `INSERT INTO generation_batches (id, workspace_id, template_id, webhook_url, idempotency_key, base_url, created, job_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[]) ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING *`,
      [id, input.workspaceId, input.templateId, input.webhookUrl, input.idempotencyKey, input.baseUrl, now, items.map((item) => item.id)])).rows[0]);
    if (batch === undefined) return undefined;
    await client.query(
      `INSERT INTO generation_jobs (id, workspace_id, template_id, reference_id, batch_id, base_url, state, created, command, template_version)
       SELECT x.id, $1, $2, x.reference_id, $3, $4, 'pending', $5, x.command, $7
       FROM json_to_recordset($6::json) AS x (id uuid, reference_id text, command json)`,
      [input.workspaceId, input.templateId, id, input.baseUrl, now, JSON.stringify(items), input.templateVersion]);
    return batch;
  });
  if (made !== undefined) return { batch: made, created: true };
  const existing = batchOf((await pool.query<BatchRow>(
    `SELECT * FROM generation_batches WHERE workspace_id = $1 AND idempotency_key = $2`, [input.workspaceId, input.idempotencyKey])).rows[0]);
  // the key's batch was removed between the two statements (swept long after it ended): a new one
  return existing === undefined ? createBatch(pool, input, now) : { batch: existing, created: false };
}
