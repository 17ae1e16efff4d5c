/**
 * Worker-thread entry of the render pool (workers.ts): one long-lived engine per thread.
 * Loaded as compiled JS (dist/service/render-worker.js); results and errors travel as plain data.
 */
import { workerData } from 'node:worker_threads';
import { createEngine } from '../index.js';
import type { RenderJob, RenderResultMessage } from './renderer.js';
import { renderMessage } from './renderer.js';

const maxPages = (workerData as { maxPages?: number } | undefined)?.maxPages ?? 1000;
const engine = createEngine({ limits: { maxPages } });

export default function render(job: RenderJob): Promise<RenderResultMessage> {
  return renderMessage(engine, job, maxPages);
}
