/**
 * Asynchronous generation assembled for one process: the job store and the queue that fit the
 * storage (PostgreSQL: our job rows + pg-boss, shared by every process; otherwise both in this
 * process), the HTTP extension, and — when this process renders — the workers that run jobs.
 * `octavo serve` uses it with or without workers (`--no-render`), `octavo worker` without HTTP.
 */
import { createLinkSigner } from '../links.js';
import type { RenderPdf } from '../renderer.js';
import type { Storage, TemplateRecord } from '../storage/types.js';
import type { TemplateFilesReader } from '../template-files-cache.js';
import type { ApiExtension } from '../api-extension.js';
import { jobsExtension } from '../jobs/api.js';
import { createInProcessQueue } from '../jobs/in-process-queue.js';
import { createMemoryJobStore } from '../jobs/memory-store.js';
import type { JobRunnerDeps } from '../jobs/runner.js';
import { DEFAULT_MAX_ATTEMPTS, runJob } from '../jobs/runner.js';
import type { JobQueue, JobRecord, JobStore } from '../records/jobs.js';
import { DEFAULT_WEBHOOK_ATTEMPTS, DEFAULT_WEBHOOK_TIMEOUT_MS, announcer, deliver } from '../webhooks/deliveries.js';
import type { WebhookDeps } from '../webhooks/deliveries.js';
import { webhooksExtension } from '../webhooks/api.js';
import { createMemoryWebhookStore } from '../webhooks/memory-store.js';
import { resolveWebhookTarget } from '../webhooks/ssrf.js';
import type { WebhookStore } from '../records/webhooks.js';
import { bulkExtension } from '../bulk/api.js';
import { batchAnnouncer } from '../bulk/completion.js';
import { createMemoryBatchStore } from '../bulk/memory-store.js';
import { requeueCutBatches } from '../bulk/requeue.js';
import type { BatchStore } from '../records/batches.js';

/** Finished jobs are kept this long for their status to be read, then removed by the sweep. */
export const DEFAULT_JOB_RETENTION_SECONDS = 24 * 3600;
/** Longer than a request takes from reading a template's version to storing its job. */
const DEFAULT_VERSION_GRACE_SECONDS = 60;
export const GENERATE_QUEUE = 'octavo-generate';
export const WEBHOOK_QUEUE = 'octavo-webhook';
const WEBHOOK_CONCURRENCY = 4;
/** 5 s, 10 s, 20 s … : eight attempts span about ten minutes. */
export const DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS = 5;

export interface JobsConfig {
  readonly storage: Storage;
  /** PostgreSQL storage's URL: jobs and their queue live in that database. Absent: in this process. */
  readonly databaseUrl?: string;
  /** Renders jobs in this process, this many at a time (0: API only, the workers are elsewhere). */
  readonly concurrency: number;
  readonly renderPdf?: RenderPdf;
  readonly templateFiles?: TemplateFilesReader;
  readonly linkTtlSeconds: number;
  readonly now?: () => Date;
  readonly maxAttempts?: number;
  /** A run not finished after this long is taken as abandoned (its worker died) and retried. */
  readonly abandonAfterSeconds: number;
  readonly retentionSeconds?: number;
  /** pg-boss' polling and maintenance intervals (tests shorten them). */
  readonly pollingIntervalSeconds?: number;
  readonly maintenanceIntervalSeconds?: number;
  readonly onWarnings?: (job: JobRecord, warnings: readonly string[]) => void;
  /** Told of each template a job's document was rendered from (template-warm-up.ts). */
  readonly onTemplateUsed?: (template: TemplateRecord) => void;
  /** Webhook origins allowed despite a private address (`--allow-webhook http://127.0.0.1:4000`). */
  readonly allowedWebhookOrigins?: readonly string[];
  readonly webhookAttempts?: number;
  /** First retry delay of a failed delivery, doubled at each retry. */
  readonly webhookRetryDelaySeconds?: number;
  readonly webhookTimeoutMs?: number;
  /** Payload strings holding JSON are parsed within this depth (batch items; `--max-data-depth`). */
  readonly maxDataDepth?: number;
  /** A batch stored this long ago and never marked queued is queued by the sweep (bulk/requeue.ts). */
  readonly requeueAfterSeconds?: number;
  /** A superseded template version no job uses is removed by the sweep once it is this old. */
  readonly versionGraceSeconds?: number;
}

export interface AsyncJobs {
  readonly store: JobStore;
  readonly queue: JobQueue;
  readonly webhooks: WebhookStore;
  readonly batches: BatchStore;
  readonly extensions: readonly ApiExtension[];
  /**
   * The schedule's sweep: queues batches whose queueing was cut (bulk/requeue.ts), removes the
   * template versions no pending or generating job uses, and jobs finished longer ago than the
   * retention; returns how many jobs were removed.
   */
  cleanup(): Promise<number>;
  /** Stops taking jobs, lets running ones finish, closes the queue and the store (not the storage). */
  close(): Promise<void>;
}

export async function startJobs(config: JobsConfig): Promise<AsyncJobs> {
  const now = config.now ?? (() => new Date());
  const { store, queue, webhooks, webhookQueue, batches, closeQueue } = await openStores(config);
  const signer = createLinkSigner(await config.storage.signingSecret());
  const allowedOrigins = new Set((config.allowedWebhookOrigins ?? []).map((origin) => new URL(origin).origin));
  const webhookDeps: WebhookDeps = {
    store: webhooks, queue: webhookQueue, signer, now, allowedOrigins,
    maxAttempts: config.webhookAttempts ?? DEFAULT_WEBHOOK_ATTEMPTS, timeoutMs: config.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
  };
  // every process delivers webhooks (network waits, no CPU): they go out even with API-only processes
  await webhookQueue.work((deliveryId) => deliver(webhookDeps, deliveryId), WEBHOOK_CONCURRENCY);
  if (config.concurrency > 0) {
    if (config.renderPdf === undefined) throw new Error('a process that renders jobs needs a renderer');
    const deps: JobRunnerDeps = {
      storage: config.storage, jobs: store, renderPdf: config.renderPdf, linkTtlSeconds: config.linkTtlSeconds, now,
      ...(config.templateFiles === undefined ? {} : { templateFiles: config.templateFiles }),
      ...(config.maxAttempts === undefined ? {} : { maxAttempts: config.maxAttempts }),
      onFinished: announceFinished(announcer(webhookDeps), batchAnnouncer(batches, webhookDeps)),
      ...(config.onWarnings === undefined ? {} : { onWarnings: config.onWarnings }),
      ...(config.onTemplateUsed === undefined ? {} : { onTemplateUsed: config.onTemplateUsed }),
    };
    await queue.work((jobId) => runJob(deps, jobId), config.concurrency);
  }
  const retentionMs = (config.retentionSeconds ?? DEFAULT_JOB_RETENTION_SECONDS) * 1000;
  const checkWebhookUrl = async (url: string) => { await resolveWebhookTarget(url, allowedOrigins); };
  return {
    store,
    queue,
    webhooks,
    batches,
    extensions: [
      jobsExtension({ storage: config.storage, jobs: store, queue, signer, now, checkWebhookUrl }),
      bulkExtension({
        storage: config.storage, batches, queue, signer, now, checkWebhookUrl,
        ...(config.maxDataDepth === undefined ? {} : { maxDataDepth: config.maxDataDepth }),
      }),
      webhooksExtension(webhooks, allowedOrigins),
    ],
    cleanup: async () => {
      await requeueCutBatches({ batches, queue, now }, config.requeueAfterSeconds);
      // after the jobs that used them: a version superseded a moment ago may belong to a job being accepted
      const versionsBefore = new Date(now().getTime() - (config.versionGraceSeconds ?? DEFAULT_VERSION_GRACE_SECONDS) * 1000);
      await config.storage.deleteUnusedTemplateVersions(await store.templateVersionsInUse(), versionsBefore);
      const before = new Date(now().getTime() - retentionMs);
      const removed = await store.deleteFinishedJobs(before);
      await batches.deleteSweptBatches(before);
      return removed;
    },
    close: async () => {
      await queue.close();
      await webhookQueue.close();
      await closeQueue();
      await store.close();
      await webhooks.close();
      await batches.close();
    },
  };
}

/** A job's own webhook, or — for an item of a batch, which has none — the batch's end. */
function announceFinished(job: (job: JobRecord) => Promise<void>, batch: (job: JobRecord) => Promise<void>): (job: JobRecord) => Promise<void> {
  return (finished) => (finished.batchId === null ? job(finished) : batch(finished));
}

interface Stores {
  readonly store: JobStore;
  readonly queue: JobQueue;
  readonly webhooks: WebhookStore;
  readonly webhookQueue: JobQueue;
  readonly batches: BatchStore;
  readonly closeQueue: () => Promise<void>;
}

async function openStores(config: JobsConfig): Promise<Stores> {
  const maxAttempts = config.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const webhookRetries = (config.webhookAttempts ?? DEFAULT_WEBHOOK_ATTEMPTS) - 1;
  const webhookDelay = config.webhookRetryDelaySeconds ?? DEFAULT_WEBHOOK_RETRY_DELAY_SECONDS;
  if (config.databaseUrl === undefined) {
    const store = createMemoryJobStore(config.storage);
    return {
      store, queue: createInProcessQueue({ retryLimit: maxAttempts }),
      webhooks: createMemoryWebhookStore(), webhookQueue: createInProcessQueue({ retryLimit: webhookRetries, retryDelayMs: webhookDelay * 1000 }),
      batches: createMemoryBatchStore(store), closeQueue: async () => undefined,
    };
  }
  const { createPostgresWebhookStore } = await import('../storage/webhooks-postgres.js');
  const { createPostgresJobStore } = await import('../storage/jobs-postgres.js');
  const { connectPgBoss } = await import('../queue/pg-boss.js');
  const { createPostgresBatchStore } = await import('../storage/batches-postgres.js');
  const boss = await connectPgBoss({
    connectionString: config.databaseUrl,
    ...(config.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: config.pollingIntervalSeconds }),
    ...(config.maintenanceIntervalSeconds === undefined ? {} : { maintenanceIntervalSeconds: config.maintenanceIntervalSeconds }),
  });
  // a retry beyond the runner's last attempt lets that attempt record the failure
  const queue = await boss.queue(GENERATE_QUEUE, { retryLimit: maxAttempts + 1, retryDelaySeconds: 1, expireInSeconds: config.abandonAfterSeconds });
  const webhookQueue = await boss.queue(WEBHOOK_QUEUE, {
    retryLimit: webhookRetries, retryDelaySeconds: webhookDelay, expireInSeconds: Math.ceil((config.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS) / 1000) + 30,
  });
  return {
    store: createPostgresJobStore({ connectionString: config.databaseUrl }), queue,
    webhooks: createPostgresWebhookStore(config.databaseUrl), webhookQueue,
    batches: createPostgresBatchStore(config.databaseUrl), closeQueue: () => boss.close(),
  };
}
