/**
 * The render pool (docs/design.md §1.4 "rendering runs off the event loop"): piscina worker threads,
 * as many as the machine has cores. The time limit is the engine's own budget
 * (`limits.maxRenderMs`, 422 `limit_exceeded`); a render that outlives it by a grace period (stuck
 * where the engine does not check its budget) is aborted, which terminates its worker (piscina
 * replaces it). The queue of waiting renders is bounded: when it is full, 503 with `Retry-After`.
 *
 * Every thread starts with the pool and stays (a render never waits for a worker to load the
 * engine and its fonts), and each has a young generation large enough for a few renders' garbage:
 * with V8's default (16 MiB semi-spaces) a scavenge runs every 3-4 invoices and copies the render
 * in progress twice before promoting it, which the old generation then has to mark and compact.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Limits } from '../options.js';
import { ServiceError } from './api/errors.js';
import type { RenderJob, RenderPdf, RenderResultMessage } from './renderer.js';
import { unwrapResult } from './renderer.js';

export interface WorkerPoolOptions {
  /** Compiled worker module; default: render-worker.js beside this file, else dist/service/render-worker.js. */
  readonly workerFile?: string;
  /** Default: the number of cores. */
  readonly threads?: number;
  /** Render time limit in milliseconds (default 30 000); sets the engine's limits.maxRenderMs. */
  readonly timeoutMs?: number;
  /** The engine's other limits (defaults: the engine's). */
  readonly limits?: Limits;
  /** Renders that may wait for a thread (default 64); more answer 503. */
  readonly maxQueue?: number;
}

export interface WorkerPool {
  readonly renderPdf: RenderPdf;
  readonly threads: number;
  /** Renders waiting for a thread now (those past the number of threads). */
  queueSize(): number;
  close(): Promise<void>;
}

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_QUEUE = 64;
/**
 * Young generation of each render thread (V8 sizes it as three semi-spaces): 64 MiB semi-spaces,
 * a quarter of the scavenges of the default, each copying about as much (what the render in
 * progress holds).
 */
export const RENDER_YOUNG_GENERATION_MB = 192;
/** How long past the budget a render may run before its worker is terminated (at most the budget again). */
const ABORT_GRACE_MS = 5_000;
/** Seconds a client is asked to wait when the queue is full. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 2;

/** Finds the compiled worker when running from dist/ (beside this file) or from src/ (tests). */
export function defaultWorkerFile(): string {
  const beside = fileURLToPath(new URL('./render-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../dist/service/render-worker.js', import.meta.url));
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const filename = options.workerFile ?? defaultWorkerFile();
  if (!existsSync(filename)) {
    throw new Error(`render worker ${filename} not found: build the package first (npm run build)`);
  }
  const pool = new Piscina({
    filename,
    minThreads: threads,
    maxThreads: threads,
    resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_GENERATION_MB },
    workerData: { limits: { ...options.limits, maxRenderMs: timeoutMs } },
  });
  const maxInFlight = threads + (options.maxQueue ?? DEFAULT_MAX_QUEUE);
  let inFlight = 0;
  const renderPdf: RenderPdf = async (job: RenderJob) => {
    if (inFlight >= maxInFlight) {
      throw new ServiceError('service_unavailable', 'the render queue is full; retry shortly', {
        headers: { 'Retry-After': String(QUEUE_FULL_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight++;
    try {
      return await runJob(job);
    } finally {
      inFlight--;
    }
  };
  const runJob = async (job: RenderJob) => {
    const signal = AbortSignal.timeout(timeoutMs + Math.min(ABORT_GRACE_MS, timeoutMs));
    let result: RenderResultMessage;
    try {
      result = (await pool.run(job, { signal })) as RenderResultMessage;
    } catch (error) {
      if (signal.aborted) {
        throw new ServiceError('limit_exceeded', `rendering took longer than ${timeoutMs} ms (limits.maxRenderMs = ${timeoutMs})`, { cause: error });
      }
      throw error;
    }
    return unwrapResult(result);
  };
  return { renderPdf, threads, queueSize: () => Math.max(0, inFlight - threads), close: () => pool.destroy() };
}
