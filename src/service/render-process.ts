/**
 * Entry of a render process (workers.ts): a child process that loads a render module (argv[2]:
 * render-worker.js, or a test's) with its start-up data (argv[3], JSON), says `ready`, then answers
 * one `{ id, job }` message at a time with `{ id, result }`. Messages use Node's "advanced"
 * serialization (structured clone), so a PDF's bytes arrive as a Uint8Array.
 *
 * A fault in native code here (Skia, zlib, the font stack) ends this process only; the pool
 * answers the render in progress with `render_crashed` and starts another process.
 */
import { pathToFileURL } from 'node:url';
import type { RenderJob, RenderResultMessage } from './renderer.js';

/** What a render module's default export makes from the start-up data. */
export type RenderModule = (init: unknown) => Promise<(job: RenderJob) => Promise<RenderResultMessage>>;

export type ToRenderProcess = { readonly id: number; readonly job: RenderJob };
export type FromRenderProcess = { readonly ready: true } | { readonly id: number; readonly result: RenderResultMessage };

/**
 * Test-only fault injection: when the server (or `render --batch`) was started with
 * OCTAVO_TEST_CRASH_MARKER set (8 characters at least), a job whose template or data contains that
 * text aborts its render process as a native fault would (SIGABRT). Production never sets it;
 * nothing a request carries can set it.
 */
function injectedFault(job: RenderJob): boolean {
  const marker = process.env['OCTAVO_TEST_CRASH_MARKER'];
  if (marker === undefined || marker.length < 8) return false;
  return job.template.includes(marker) || JSON.stringify(job.data ?? null).includes(marker);
}

/** Sends to the pool unless it has already let go of this process (closing, or the render timed out). */
function send(message: FromRenderProcess): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}

async function main(): Promise<void> {
  const [moduleFile, initJson] = process.argv.slice(2);
  if (moduleFile === undefined || process.send === undefined) throw new Error('render-process: started without a module or an IPC channel');
  const create = (await import(pathToFileURL(moduleFile).href) as { default: RenderModule }).default;
  const render = await create(JSON.parse(initJson ?? '{}') as unknown);
  process.on('message', (message: ToRenderProcess) => {
    if (injectedFault(message.job)) process.abort();
    void render(message.job).then((result) => send({ id: message.id, result }));
  });
  // the pool closes the channel to stop a process
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

void main();
