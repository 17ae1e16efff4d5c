/**
 * Asynchronous generation (issue 30): a generate request answered at once with a job, rendered
 * later by a worker. Two contracts: the `JobStore` keeps each job's state and its outcome (and
 * stores its document exactly once), the `JobQueue` hands job ids to workers (pg-boss on
 * PostgreSQL, in this process otherwise). The store is the truth; the queue only says "run this".
 */
import type { GenerateCommand } from './command.js';
import type { ServiceErrorCode } from '../api/errors.js';

/** `pending → generating → success | failure` (a retried job goes through `generating` again). */
export type JobState = 'pending' | 'generating' | 'success' | 'failure';

export interface JobError {
  readonly code: ServiceErrorCode;
  readonly message: string;
}

export interface JobRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly templateId: string;
  /** The template's version when the job was accepted: the one it renders (null: jobs accepted before versions, the current one). */
  readonly templateVersion: number | null;
  readonly referenceId: string | null;
  readonly idempotencyKey: string | null;
  /** Where the outcome is posted (the request's, else none: the workspace default is looked up at delivery). */
  readonly webhookUrl: string | null;
  readonly batchId: string | null;
  /** The public URL the request came to: status and download links in webhooks are built on it. */
  readonly baseUrl: string;
  readonly state: JobState;
  /** How many times a worker started it. */
  readonly attempts: number;
  readonly created: Date;
  readonly started: Date | null;
  readonly finished: Date | null;
  /** On success: the stored document (its id) and when its link expires (counted from completion). */
  readonly documentId: string | null;
  readonly expires: Date | null;
  /** On failure: the typed error. */
  readonly error: JobError | null;
}

export interface NewJob {
  readonly workspaceId: string;
  readonly command: GenerateCommand;
  /** The template's version at acceptance. */
  readonly templateVersion: number;
  readonly idempotencyKey: string | null;
  readonly webhookUrl: string | null;
  readonly batchId: string | null;
  readonly baseUrl: string;
}

/**
 * What a worker gets for a job id: the job to render with its command (payload, encryption), or
 * the job as it already finished (an earlier run completed it: only its webhook may be missing).
 */
export type StartedJob =
  | { readonly kind: 'run'; readonly job: JobRecord; readonly command: GenerateCommand }
  | { readonly kind: 'finished'; readonly job: JobRecord };

export interface JobStore {
  /**
   * Creates the job, or returns the workspace's existing job with the same idempotency key
   * (`created: false`): a retried request gets the same job.
   */
  createJob(input: NewJob, now: Date): Promise<{ readonly job: JobRecord; readonly created: boolean }>;
  /** Only a job of that workspace; another workspace's is indistinguishable from a missing one. */
  getJob(workspaceId: string, jobId: string): Promise<JobRecord | undefined>;
  /** Marks the job `generating` and counts the attempt (unless it is finished); undefined when it is unknown. */
  startJob(jobId: string, now: Date): Promise<StartedJob | undefined>;
  /**
   * Finishes the job with its document, exactly once: the quota unit, the document and the job's
   * `success` are one step. A job already finished is returned as it is (nothing stored or taken
   * again); no quota left finishes it as `failure` `quota_exceeded`.
   */
  succeedJob(jobId: string, document: FinishedDocument, now: Date): Promise<JobRecord>;
  /** Finishes the job as `failure` (a job already finished is returned as it is). */
  failJob(jobId: string, error: JobError, now: Date): Promise<JobRecord>;
  /** Removes jobs finished at or before `before` (their commands and outcomes); returns how many. */
  deleteFinishedJobs(before: Date): Promise<number>;
  /** `versionKey`s of the template versions that pending and generating jobs (batch items included) will render. */
  templateVersionsInUse(): Promise<ReadonlySet<string>>;
  close(): Promise<void>;
}

export interface FinishedDocument {
  readonly pdf: Uint8Array;
  /** Lifetime of the download link, counted from the completion. */
  readonly ttlSeconds: number;
}

/** Runs a job id; a throw means "try again later" (the queue retries it), not a failed document. */
export type JobHandler = (jobId: string) => Promise<void>;

export interface JobQueue {
  /** Hands the job to a worker of any process of this queue; sending the same id again is harmless. */
  enqueue(jobId: string): Promise<void>;
  /** The same for many jobs at once (a batch's items: one statement on PostgreSQL). */
  enqueueMany(jobIds: readonly string[]): Promise<void>;
  /** Runs queued jobs in this process, `concurrency` at a time, until `close`. */
  work(handler: JobHandler, concurrency: number): Promise<void>;
  /** Stops taking jobs and waits for those running here. */
  close(): Promise<void>;
}

export function isFinished(state: JobState): boolean {
  return state === 'success' || state === 'failure';
}
