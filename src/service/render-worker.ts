/**
 * The render module of the pool's processes (render-process.ts, workers.ts): one long-lived
 * engine per process (fonts parsed once, remote resources cached), with the limits and the
 * remote allow-list the pool was given. Loaded as compiled
 * JS (dist/service/render-worker.js); results and errors travel as plain data.
 */
import { createEngine } from '../index.js';
import type { Limits, RemoteOptions } from '../options.js';
import type { RenderJob, RenderResultMessage } from './renderer.js';
import { renderMessage } from './renderer.js';

export default function createRenderer(init: unknown): Promise<(job: RenderJob) => Promise<RenderResultMessage>> {
  const { limits, remote, fonts } = (init ?? {}) as { limits?: Limits; remote?: RemoteOptions; fonts?: string[] };
  const engine = createEngine({
    ...(limits === undefined ? {} : { limits }),
    ...(remote === undefined ? {} : { remote }),
    ...(fonts === undefined || fonts.length === 0 ? {} : { fonts }),
  });
  return Promise.resolve((job) => renderMessage(engine, job));
}
