/**
 * Worker-thread entry of the render pool (workers.ts): one long-lived engine per thread.
 * Loaded as compiled JS (dist/service/render-worker.js); results and errors travel as plain data,
 * the PDF's bytes moved to the main thread rather than copied.
 */
import { workerData } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { createEngine } from '../index.js';
import type { Limits } from '../options.js';
import type { RenderJob, RenderResultMessage } from './renderer.js';
import { renderMessage } from './renderer.js';

const limits = (workerData as { limits?: Limits } | undefined)?.limits;
const engine = createEngine(limits === undefined ? {} : { limits });

export default async function render(job: RenderJob): Promise<RenderResultMessage | ReturnType<typeof move>> {
  const result = await renderMessage(engine, job);
  if (!result.ok) return result;
  const buffer = ownBuffer(result.pdf);
  return buffer === undefined ? result : move({ [transferableSymbol]: [buffer], [valueSymbol]: result });
}

/**
 * The buffer behind `bytes` when they span all of it, so it can be given away; a slice of a
 * larger buffer (Node's pool of small Buffers) is copied instead.
 */
function ownBuffer(bytes: Uint8Array): ArrayBuffer | undefined {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? buffer : undefined;
}
