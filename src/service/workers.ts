/**
 * The render pool (DESIGN.md §1.4 "rendering runs off the event loop"): piscina worker threads,
 * as many as the machine has cores. A render that outlives the time limit is aborted, which
 * terminates its worker (piscina replaces it), and answers 422 `render_error`.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ServiceError } from './errors.js';
import type { RenderJob, RenderPdf, RenderResultMessage } from './renderer.js';
import { unwrapResult } from './renderer.js';

export interface WorkerPoolOptions {
  /** Compiled worker module; default: render-worker.js beside this file, else dist/service/render-worker.js. */
  readonly workerFile?: string;
  /** Default: the number of cores. */
  readonly threads?: number;
  /** Render time limit in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
  /** Page limit of one document (default 1000). */
  readonly maxPages?: number;
}

export interface WorkerPool {
  readonly renderPdf: RenderPdf;
  readonly threads: number;
  close(): Promise<void>;
}

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

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
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    workerData: { maxPages: options.maxPages ?? 1000 },
  });
  const renderPdf: RenderPdf = async (job: RenderJob) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let result: RenderResultMessage;
    try {
      result = (await pool.run(job, { signal })) as RenderResultMessage;
    } catch (error) {
      if (signal.aborted) {
        throw new ServiceError('render_error', `rendering took longer than the limit of ${timeoutMs} ms`, { cause: error });
      }
      throw error;
    }
    return unwrapResult(result);
  };
  return { renderPdf, threads, close: () => pool.destroy() };
}
