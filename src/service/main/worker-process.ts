/**
 * `octavo worker` assembled: PostgreSQL storage, a render pool, and the job workers that take
 * asynchronous jobs from pg-boss — no HTTP. Run any number of them on any machines reaching the
 * database; they also sweep expired documents and old finished jobs, so storage stays bounded
 * whether or not an API process runs.
 */
import { createServiceMetrics } from '../metrics.js';
import { CLEANUP_INTERVAL_MS, templateWarmUpOf } from './server.js';
import type { RequestLogger } from '../logging.js';
import { jsonLineLogger } from '../logging.js';
import type { ServiceJobsConfig } from './server.js';
import { openStorage } from '../storage/index.js';
import { createTemplateFilesReader } from '../template-files-cache.js';
import type { WorkerPoolOptions } from '../workers.js';
import { DEFAULT_RENDER_TIMEOUT_MS, createWorkerPool } from '../workers.js';
import { startJobs } from './jobs-setup.js';

export interface WorkerConfig {
  readonly databaseUrl: string;
  readonly linkTtlSeconds: number;
  readonly pool: WorkerPoolOptions;
  readonly jobs: ServiceJobsConfig;
  readonly cleanupIntervalMs?: number;
  /** Default: JSON lines on stdout at level info. */
  readonly logger?: RequestLogger;
}

export interface RunningWorker {
  readonly concurrency: number;
  /** Stops taking jobs, lets running ones finish, then closes everything. */
  close(): Promise<void>;
}

export async function startWorker(config: WorkerConfig): Promise<RunningWorker> {
  const storage = await openStorage({ kind: 'postgres', dataDir: '', databaseUrl: config.databaseUrl });
  // the metrics read the pool only when collected, once it exists
  const metrics = createServiceMetrics(() => pool.queueSize(), () => pool.warming());
  const templateFiles = createTemplateFilesReader(storage);
  const templateWarmUp = templateWarmUpOf(storage, templateFiles, metrics, config.logger ?? jsonLineLogger());
  const pool = createWorkerPool({ ...config.pool, ...templateWarmUp.pool });
  const concurrency = config.jobs.concurrency ?? pool.threads;
  try {
    const jobs = await startJobs({
      storage, linkTtlSeconds: config.linkTtlSeconds,
      renderPdf: (job) => metrics.timeRender(() => pool.renderPdf(job)),
      templateFiles, onTemplateUsed: templateWarmUp.warmUp.used,
      abandonAfterSeconds: Math.ceil((config.pool.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS) / 1000) + 30,
      ...config.jobs,
      databaseUrl: config.databaseUrl,
      concurrency,
    });
    const sweep = () => {
      storage.deleteExpiredDocuments(new Date()).catch(() => undefined);
      jobs.cleanup().catch(() => undefined);
    };
    sweep();
    const timer = setInterval(sweep, config.cleanupIntervalMs ?? CLEANUP_INTERVAL_MS);
    timer.unref();
    return {
      concurrency,
      close: async () => {
        clearInterval(timer);
        await jobs.close();
        await pool.close();
        await templateWarmUp.warmUp.flush();
        await storage.close();
      },
    };
  } catch (error) {
    await pool.close();
    await storage.close();
    throw error;
  }
}
