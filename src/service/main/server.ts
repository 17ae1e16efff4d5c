/**
 * `octavo serve` assembled: storage + render pool + fetch handler + node:http + the periodic
 * sweep of expired documents. Used by the CLI and by the demo.
 */
import { createApiHandler } from './http.js';
import type { ApiHandler } from './http.js';
import type { RequestLogger } from '../logging.js';
import type { RunningServer } from '../node-server.js';
import { startNodeServer } from '../node-server.js';
import type { RenderPdf } from '../renderer.js';
import type { Storage } from '../storage/types.js';
import type { WorkerPoolOptions } from '../workers.js';
import { createWorkerPool } from '../workers.js';
import { createServiceMetrics } from '../metrics.js';
import type { ServiceMetrics } from '../metrics.js';
import { jsonLineLogger } from '../logging.js';
import type { TemplateFilesReader } from '../template-files-cache.js';
import type { TemplateWarmUp } from '../template-warm-up.js';
import { createTemplateWarmUp } from '../template-warm-up.js';
import type { WarmUpProgress, WarmUpTemplate } from '../warm-until-steady.js';
import { availableParallelism } from 'node:os';
import type { JobsConfig } from './jobs-setup.js';
import { startJobs } from './jobs-setup.js';
import { DEFAULT_LINK_TTL_SECONDS } from '../operations.js';
import { createTemplateFilesReader } from '../template-files-cache.js';
import { createLinkSigner } from '../links.js';
import { templatesExtension } from '../templates-api/api.js';
import { DEFAULT_RENDER_TIMEOUT_MS } from '../workers.js';

/** A job run longer than its render time limit and a margin is taken as abandoned (its worker died). */
function defaultAbandonAfter(pool: WorkerPoolOptions | undefined): number {
  return Math.ceil((pool?.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS) / 1000) + 30;
}

export const CLEANUP_INTERVAL_MS = 60_000;

export interface ServiceConfig {
  readonly storage: Storage;
  readonly host: string;
  readonly port: number;
  readonly baseUrl?: string;
  readonly linkTtlSeconds?: number;
  readonly bodyLimitBytes?: number;
  readonly maxDataDepth?: number;
  readonly timeouts?: { readonly headersTimeoutMs?: number; readonly requestTimeoutMs?: number };
  readonly logger?: RequestLogger;
  /** Default: a worker pool with `pool` options. */
  readonly renderPdf?: RenderPdf;
  readonly pool?: WorkerPoolOptions;
  readonly cleanupIntervalMs?: number;
  /** Template uploads are spooled here while read (fs storage: the data directory's `tmp/`; default: the system's temporary folder). */
  readonly uploadSpoolDir?: string;
  /** Asynchronous generation (jobs/setup.ts); absent: jobs in this process, rendered by its pool. */
  readonly jobs?: ServiceJobsConfig;
}

/** What `octavo serve` chooses of asynchronous generation; the rest comes from the service. */
export type ServiceJobsConfig = Omit<JobsConfig, 'storage' | 'renderPdf' | 'linkTtlSeconds' | 'templateFiles' | 'concurrency' | 'abandonAfterSeconds'> & {
  /** Jobs rendered in this process at a time; 0: API only (default: the render threads). */
  readonly concurrency?: number;
  readonly abandonAfterSeconds?: number;
};

export interface RunningService {
  readonly url: string;
  readonly port: number;
  readonly handler: ApiHandler;
  /** Stops accepting, waits for open requests, stops the workers and closes the storage. */
  close(): Promise<void>;
}

/**
 * The pool's warm-up with the service's templates (template-warm-up.ts): its options, and what
 * records a template's use. Its end goes to the metrics; a template that failed to the log, at debug.
 */
export function templateWarmUpOf(storage: Storage, templateFiles: TemplateFilesReader, metrics: ServiceMetrics, logger: RequestLogger): {
  readonly warmUp: TemplateWarmUp;
  readonly pool: Pick<WorkerPoolOptions, 'warmUpTemplates' | 'onWarmedUp'>;
} {
  const warmUp = createTemplateWarmUp(storage, templateFiles);
  const onWarmedUp = (progress: WarmUpProgress): void => {
    metrics.warmedUp(progress);
    for (const failure of progress.failures) {
      logger({ time: new Date().toISOString(), level: 'debug', msg: 'warm_up_failed', workspace_id: failure.workspaceId, template_id: failure.templateId, error: failure.message });
    }
  };
  // processes ready at the same moment (the pool starts them together) share one look-up
  let asking: Promise<readonly WarmUpTemplate[]> | undefined;
  const warmUpTemplates = (): Promise<readonly WarmUpTemplate[]> => (asking ??= warmUp.templates().finally(() => { asking = undefined; }));
  return { warmUp, pool: { warmUpTemplates, onWarmedUp } };
}

export async function startService(config: ServiceConfig): Promise<RunningService> {
  // the metrics read the pool only when collected, once it exists
  const metrics = createServiceMetrics(() => pool?.queueSize() ?? 0, () => pool?.warming() ?? 0);
  const templateFiles = createTemplateFilesReader(config.storage);
  const templateWarmUp = templateWarmUpOf(config.storage, templateFiles, metrics, config.logger ?? jsonLineLogger());
  const pool = config.renderPdf === undefined ? createWorkerPool({ ...config.pool, ...templateWarmUp.pool }) : undefined;
  const render = config.renderPdf ?? pool!.renderPdf;
  const renderPdf: RenderPdf = (job) => metrics.timeRender(() => render(job));
  const linkTtlSeconds = config.linkTtlSeconds ?? DEFAULT_LINK_TTL_SECONDS;
  const onTemplateUsed = templateWarmUp.warmUp.used;
  const jobs = await startJobs({
    storage: config.storage, renderPdf, linkTtlSeconds, abandonAfterSeconds: defaultAbandonAfter(config.pool),
    templateFiles, onTemplateUsed,
    ...(config.maxDataDepth === undefined ? {} : { maxDataDepth: config.maxDataDepth }),
    ...config.jobs,
    concurrency: config.jobs?.concurrency ?? pool?.threads ?? availableParallelism(),
  }).catch(async (error: unknown) => {
    await pool?.close();
    throw error;
  });
  const templates = templatesExtension({
    storage: config.storage, renderPdf, signer: createLinkSigner(await config.storage.signingSecret()),
    ...(config.uploadSpoolDir === undefined ? {} : { spoolDir: config.uploadSpoolDir }),
  });
  const handler = await createApiHandler({
    extensions: [...jobs.extensions, templates],
    storage: config.storage,
    renderPdf,
    metrics,
    onTemplateUsed,
    templateFiles,
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    ...(config.linkTtlSeconds === undefined ? {} : { linkTtlSeconds: config.linkTtlSeconds }),
    ...(config.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: config.bodyLimitBytes }),
    ...(config.maxDataDepth === undefined ? {} : { maxDataDepth: config.maxDataDepth }),
    ...(config.logger === undefined ? {} : { logger: config.logger }),
  });
  let server: RunningServer;
  try {
    server = await startNodeServer({
      handler: handler.fetch, port: config.port, host: config.host, ...config.timeouts,
      ...(config.logger === undefined ? {} : { logger: config.logger }),
    });
  } catch (error) {
    await jobs.close();
    await pool?.close();
    throw error;
  }
  const sweep = () => {
    handler.cleanupExpiredDocuments().catch(() => undefined);
    jobs.cleanup().catch(() => undefined);
  };
  sweep();
  const timer = setInterval(sweep, config.cleanupIntervalMs ?? CLEANUP_INTERVAL_MS);
  timer.unref();
  return {
    url: server.url,
    port: server.port,
    handler,
    close: async () => {
      clearInterval(timer);
      await server.close();
      await jobs.close();
      await pool?.close();
      await templateWarmUp.warmUp.flush();
      await config.storage.close();
    },
  };
}
