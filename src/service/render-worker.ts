/**
 * Worker-thread entry of the render pool (workers.ts): one long-lived engine per thread.
 * Loaded as compiled JS (dist/service/render-worker.js); results and errors travel as plain data.
 */
import { workerData } from 'node:worker_threads';
import { createEngine } from '../index.js';
import type { Limits } from '../options.js';
import type { RenderJob, RenderResultMessage } from './renderer.js';
import { renderMessage } from './renderer.js';

const limits = (workerData as { limits?: Limits } | undefined)?.limits;
const engine = createEngine(limits === undefined ? {} : { limits });

export default function render(job: RenderJob): Promise<RenderResultMessage> {
  return renderMessage(engine, job);
}
