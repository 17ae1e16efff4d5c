/**
 * The job store on PostgreSQL (records/jobs.ts): shared by every API process and worker. Finishing
 * a job with its document is one transaction — the job row locked, the quota unit taken, the
 * document inserted, the job marked `success` — so however many times a job runs (a worker killed
 * after storing, an expired run retried elsewhere), quota used equals documents stored.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { GenerateCommand } from '../records/command.js';
import type { ServiceErrorCode } from '../api/errors.js';
import type { FinishedDocument, JobError, JobRecord, JobState, JobStore, NewJob, StartedJob } from '../records/jobs.js';
import { createPgPool, inTransaction, insertDocument } from './postgres.js';
import { isUuid } from './types.js';

export interface PostgresJobStoreOptions {
  readonly connectionString: string;
  readonly maxConnections?: number;
}

/** The tables exist once `createPostgresStorage` has migrated the database (migration 3). */
export function createPostgresJobStore(options: PostgresJobStoreOptions): JobStore {
  const pool = createPgPool(options.connectionString, options.maxConnections ?? 5);
  return {
    createJob: (input, now) => createJob(pool, input, now),
    getJob: async (workspaceId, jobId) => !isUuid(workspaceId) || !isUuid(jobId) ? undefined : firstJob(await pool.query<JobRow>(
      `SELECT ${JOB_COLUMNS} FROM generation_jobs WHERE id = $1 AND workspace_id = $2`, [jobId, workspaceId])),
    startJob: (jobId, now) => startJob(pool, jobId, now),
    succeedJob: (jobId, document, now) => succeedJob(pool, jobId, document, now),
    failJob: async (jobId, error, now) => inTransaction(pool, async (client) => {
      const job = await lockJob(client, jobId);
      if (job.finished !== null) return job;
      return finishWith(client, jobId, 'failure', now, { error });
    }),
    deleteFinishedJobs: async (before) => (await pool.query(`DELETE FROM generation_jobs WHERE finished <= $1`, [before])).rowCount ?? 0,
    templateVersionsInUse: async () => new Set((await pool.query<{ key: string }>(
      `SELECT DISTINCT template_id::text || '@' || template_version AS key FROM generation_jobs
       WHERE state IN ('pending', 'generating') AND template_version IS NOT NULL`)).rows.map((row) => row.key)),
    close: () => pool.end(),
  };
}

export const JOB_COLUMNS = `id, workspace_id, template_id, template_version, reference_id, idempotency_key, webhook_url, batch_id, base_url, state, attempts,
  created, started, finished, document_id, expires, error_code, error_message`;

export interface JobRow {
  id: string; workspace_id: string; template_id: string; template_version: number | null; reference_id: string | null; idempotency_key: string | null;
  webhook_url: string | null; batch_id: string | null; base_url: string; state: JobState; attempts: number; created: Date; started: Date | null;
  finished: Date | null; document_id: string | null; expires: Date | null; error_code: string | null; error_message: string | null;
}

export function toJob(row: JobRow): JobRecord {
  return {
    id: row.id, workspaceId: row.workspace_id, templateId: row.template_id, templateVersion: row.template_version, referenceId: row.reference_id,
    idempotencyKey: row.idempotency_key, webhookUrl: row.webhook_url, batchId: row.batch_id, baseUrl: row.base_url, state: row.state,
    attempts: row.attempts, created: row.created, started: row.started, finished: row.finished,
    documentId: row.document_id, expires: row.expires,
    error: row.error_code === null ? null : { code: row.error_code as ServiceErrorCode, message: row.error_message ?? '' },
  };
}

function firstJob(result: pg.QueryResult<JobRow>): JobRecord | undefined {
  const row = result.rows[0];
  return row === undefined ? undefined : toJob(row);
}

async function createJob(pool: pg.Pool, input: NewJob, now: Date): Promise<{ job: JobRecord; created: boolean }> {
  const inserted = firstJob(await pool.query<JobRow>(
    `INSERT INTO generation_jobs (id, workspace_id, template_id, reference_id, idempotency_key, webhook_url, batch_id, base_url, state, created, command, template_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $10, 'pending', $8, $9::json, $11)
     ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING ${JOB_COLUMNS}`,
    [randomUUID(), input.workspaceId, input.command.templateId, input.command.referenceId, input.idempotencyKey,
      input.webhookUrl, input.batchId, now, JSON.stringify(input.command), input.baseUrl, input.templateVersion]));
  if (inserted !== undefined) return { job: inserted, created: true };
  const existing = firstJob(await pool.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM generation_jobs WHERE workspace_id = $1 AND idempotency_key = $2`, [input.workspaceId, input.idempotencyKey]));
  // the key's job was removed between the two statements (finished long ago and swept): a new one
  return existing === undefined ? createJob(pool, input, now) : { job: existing, created: false };
}

async function startJob(pool: pg.Pool, jobId: string, now: Date): Promise<StartedJob | undefined> {
  if (!isUuid(jobId)) return undefined;
  const started = (await pool.query<JobRow & { command: string }>(
    `UPDATE generation_jobs SET state = 'generating', attempts = attempts + 1, started = $2
     WHERE id = $1 AND finished IS NULL RETURNING ${JOB_COLUMNS}, command::text AS command`, [jobId, now])).rows[0];
  if (started !== undefined) return { kind: 'run', job: toJob(started), command: JSON.parse(started.command) as GenerateCommand };
  const job = firstJob(await pool.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM generation_jobs WHERE id = $1`, [jobId]));
  return job === undefined ? undefined : { kind: 'finished', job };
}

async function lockJob(client: pg.PoolClient, jobId: string): Promise<JobRecord> {
  const job = firstJob(await client.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM generation_jobs WHERE id = $1 FOR UPDATE`, [jobId]));
  if (job === undefined) throw new Error(`no job ${jobId}`);
  return job;
}

async function finishWith(
  client: pg.PoolClient, jobId: string, state: 'success' | 'failure', now: Date,
  outcome: { documentId?: string; expires?: Date; error?: JobError },
): Promise<JobRecord> {
  const row = firstJob(await client.query<JobRow>(
    `UPDATE generation_jobs SET state = $2, finished = $3, document_id = $4, expires = $5, error_code = $6, error_message = $7,
       command = NULL WHERE id = $1 RETURNING ${JOB_COLUMNS}`,
    [jobId, state, now, outcome.documentId ?? null, outcome.expires ?? null, outcome.error?.code ?? null, outcome.error?.message ?? null]));
  if (row === undefined) throw new Error(`no job ${jobId}`);
  return row;
}

/** The job row locked first: a second run of the same job waits here, then sees it finished. */
async function succeedJob(pool: pg.Pool, jobId: string, document: FinishedDocument, now: Date): Promise<JobRecord> {
  return inTransaction(pool, async (client) => {
    const job = await lockJob(client, jobId);
    if (job.finished !== null) return job;
    const charged = await client.query(`UPDATE workspaces SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0`, [job.workspaceId]);
    if (charged.rowCount === 0) {
      return finishWith(client, jobId, 'failure', now, { error: { code: 'quota_exceeded', message: 'the workspace has no quota left' } });
    }
    const expires = new Date(now.getTime() + document.ttlSeconds * 1000);
    await insertDocument(client, {
      id: job.id, workspaceId: job.workspaceId, templateId: job.templateId, referenceId: job.referenceId, created: now, expires,
    }, document.pdf);
    return finishWith(client, jobId, 'success', now, { documentId: job.id, expires });
  });
}
