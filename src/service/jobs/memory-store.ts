/**
 * The job store of one machine (fs and memory storage): job states in this process's memory,
 * documents and quota in the `Storage`. Exactly once holds because the in-process queue runs a
 * job in one place at a time and a finished job is never finished again; the jobs themselves do
 * not outlive the process (with PostgreSQL they do: storage/jobs-postgres.ts).
 */
import { randomUUID } from 'node:crypto';
import type { GenerateCommand } from '../commands.js';
import type { Storage } from '../storage/types.js';
import { versionKey } from '../storage/types.js';
import type { FinishedDocument, JobError, JobRecord, JobStore, NewJob, StartedJob } from '../records/jobs.js';
import { isFinished } from '../records/jobs.js';

interface Entry {
  job: JobRecord;
  /** Dropped once the job is finished: passwords and payloads are kept no longer than needed. */
  command: GenerateCommand | undefined;
}

export function createMemoryJobStore(storage: Storage): JobStore {
  const jobs = new Map<string, Entry>();
  /** `workspace id + key` -> job id */
  const keys = new Map<string, string>();
  /** Completions in progress: a second run finishing the same job waits for the first's outcome. */
  const finishing = new Map<string, Promise<JobRecord>>();
  const finish = (entry: Entry, job: JobRecord): JobRecord => {
    entry.job = job;
    entry.command = undefined;
    return job;
  };
  return {
    createJob: async (input: NewJob, now: Date) => {
      const keyed = input.idempotencyKey === null ? undefined : `${input.workspaceId} ${input.idempotencyKey}`;
      const existing = keyed === undefined ? undefined : jobs.get(keys.get(keyed) ?? '');
      if (existing !== undefined) return { job: existing.job, created: false };
      const job = newJobRecord(randomUUID(), input, now);
      jobs.set(job.id, { job, command: input.command });
      if (keyed !== undefined) keys.set(keyed, job.id);
      return { job, created: true };
    },
    getJob: async (workspaceId, jobId) => {
      const job = jobs.get(jobId)?.job;
      return job?.workspaceId === workspaceId ? job : undefined;
    },
    startJob: async (jobId, now): Promise<StartedJob | undefined> => {
      const entry = jobs.get(jobId);
      if (entry === undefined) return undefined;
      if (entry.command === undefined || isFinished(entry.job.state)) return { kind: 'finished', job: entry.job };
      entry.job = { ...entry.job, state: 'generating', attempts: entry.job.attempts + 1, started: now };
      return { kind: 'run', job: entry.job, command: entry.command };
    },
    succeedJob: (jobId, document: FinishedDocument, now) => {
      const running = finishing.get(jobId);
      if (running !== undefined) return running;
      const completion = succeed(jobId, document, now).finally(() => finishing.delete(jobId));
      finishing.set(jobId, completion);
      return completion;
    },
    failJob: async (jobId, error: JobError, now) => {
      await finishing.get(jobId)?.catch(() => undefined);
      const entry = jobs.get(jobId);
      if (entry === undefined) throw new Error(`no job ${jobId}`);
      if (isFinished(entry.job.state)) return entry.job;
      return finish(entry, { ...entry.job, state: 'failure', finished: now, error });
    },
    deleteFinishedJobs: async (before) => {
      let removed = 0;
      for (const [id, entry] of jobs) {
        if (entry.job.finished === null || entry.job.finished.getTime() > before.getTime()) continue;
        jobs.delete(id);
        if (entry.job.idempotencyKey !== null) keys.delete(`${entry.job.workspaceId} ${entry.job.idempotencyKey}`);
        removed++;
      }
      return removed;
    },
    templateVersionsInUse: async () => new Set([...jobs.values()]
      .filter((entry) => !isFinished(entry.job.state) && entry.job.templateVersion !== null)
      .map((entry) => versionKey(entry.job.templateId, entry.job.templateVersion!))),
    close: async () => undefined,
  };

  async function succeed(jobId: string, document: FinishedDocument, now: Date): Promise<JobRecord> {
    const entry = jobs.get(jobId);
    if (entry === undefined) throw new Error(`no job ${jobId}`);
    if (isFinished(entry.job.state)) return entry.job;
    const expires = new Date(now.getTime() + document.ttlSeconds * 1000);
    const record = {
      id: entry.job.id, workspaceId: entry.job.workspaceId, templateId: entry.job.templateId,
      referenceId: entry.job.referenceId, created: now, expires,
    };
    // a document of this id means an earlier run stored it (and took its unit): never twice
    const stored = (await storage.getDocument(record.id)) !== undefined || await storage.chargeAndPutDocument(record, document.pdf);
    if (isFinished(entry.job.state)) return entry.job;
    return finish(entry, stored
      ? { ...entry.job, state: 'success', finished: now, documentId: record.id, expires }
      : { ...entry.job, state: 'failure', finished: now, error: QUOTA_EXCEEDED });
  }
}

export const QUOTA_EXCEEDED: JobError = { code: 'quota_exceeded', message: 'the workspace has no quota left' };

export function newJobRecord(id: string, input: NewJob, now: Date): JobRecord {
  return {
    id, workspaceId: input.workspaceId, templateId: input.command.templateId, templateVersion: input.templateVersion, referenceId: input.command.referenceId,
    idempotencyKey: input.idempotencyKey, webhookUrl: input.webhookUrl, batchId: input.batchId, baseUrl: input.baseUrl,
    state: 'pending', attempts: 0, created: now, started: null, finished: null, documentId: null, expires: null, error: null,
  };
}
