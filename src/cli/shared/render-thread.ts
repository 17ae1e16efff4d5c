/**
 * `octavo render --timeout`: the render runs in a worker thread that is terminated when the time
 * is up (layout is synchronous, so an in-process timer could not interrupt it). Results and
 * errors cross the thread boundary as plain data. This module is both the thread's entry (when
 * loaded as a worker) and the main side (`renderInThread`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { EngineOptions, RenderOptions } from '../../options.js';
import type { RenderResult } from '../../render.js';
import { OctavoError } from '../../errors.js';
import type { OctavoErrorCode } from '../../errors.js';

interface ThreadInput {
  readonly options: RenderOptions;
  readonly engine: EngineOptions;
  /** `--helpers FILE`: loaded in the thread (functions cannot be sent to it). */
  readonly helpersModule?: string | undefined;
}

type ThreadOutput =
  | { readonly ok: true; readonly result: RenderResult }
  | { readonly ok: false; readonly error: { code?: OctavoErrorCode; message: string; file?: string; line?: number; column?: number; hint?: string } };

async function runInThread(input: ThreadInput): Promise<ThreadOutput> {
  const { createEngine } = await import('../../api.js');
  try {
    const helpers = input.helpersModule === undefined ? undefined : await (await import('../../helpers-module.js')).loadHelpersModule(input.helpersModule);
    return { ok: true, result: await createEngine(helpers === undefined ? input.engine : { ...input.engine, helpers }).renderDetailed(input.options) };
  } catch (error) {
    if (!(error instanceof OctavoError)) return { ok: false, error: { message: error instanceof Error ? error.stack ?? error.message : String(error) } };
    const { code, message, file, line, column, hint } = error;
    return { ok: false, error: { code, message, ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }), ...(hint === undefined ? {} : { hint }) } };
  }
}

if (!isMainThread && (workerData as { octavoRenderThread?: boolean } | undefined)?.octavoRenderThread === true) {
  void runInThread((workerData as { input: ThreadInput }).input).then((output) => parentPort?.postMessage(output));
}

/** The compiled thread module: beside this file when running from dist/, else dist/cli/shared/ (tests run src/). */
function threadFile(): string {
  const beside = fileURLToPath(import.meta.url);
  if (beside.endsWith('.js')) return beside;
  const built = fileURLToPath(new URL('../../../dist/cli/shared/render-thread.js', import.meta.url));
  if (!existsSync(built)) throw new Error(`${built} not found: build the package first (npm run build)`);
  return built;
}

/** Renders in a worker thread; past `timeoutMs` the thread is terminated and a `limit_exceeded` error thrown. */
export function renderInThread(options: RenderOptions, engine: EngineOptions, run: { timeoutMs: number; helpersModule?: string | undefined }): Promise<RenderResult> {
  const { timeoutMs, helpersModule } = run;
  const input: ThreadInput = { options, engine, helpersModule };
  const worker = new Worker(threadFile(), { workerData: { octavoRenderThread: true, input } });
  return new Promise<RenderResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new OctavoError('limit_exceeded', `rendering took longer than the limit of ${timeoutMs / 1000} s`, { hint: 'raise --timeout, or make the document smaller' }));
    }, timeoutMs);
    worker.once('message', (output: ThreadOutput) => {
      clearTimeout(timer);
      void worker.terminate();
      if (output.ok) resolve(output.result);
      else if (output.error.code === undefined) reject(new Error(output.error.message));
      else {
        const { code, message, ...where } = output.error;
        reject(new OctavoError(code, message, where));
      }
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
