/**
 * Entry of a render process (workers.ts): a child process that loads a render module (argv[2]:
 * render-worker.js, or a test's) with its start-up data (argv[3], JSON), says `ready`, then answers
 * one `{ id, job }` message at a time with `{ id, result }`. Messages use Node's "advanced"
 * serialization (structured clone), so a PDF's bytes arrive as a Uint8Array. A stored template's
 * source and files come with the first job of their version only; later jobs say `filesKept` and
 * this process fills them in, or answers `missingFiles` when it no longer has them (job-files.ts).
 *
 * When the render module offers warm-up steps (render-worker.ts with a warm-up budget), they run
 * after `ready` while no job waits, one render per turn of the event loop: a job that arrives
 * meanwhile waits for the step in progress only. They start, and start again after a job, only
 * once the process has had no job for `IDLE_BEFORE_WARM_UP_MS`: the pool sends a busy process its
 * next job as soon as it has the answer, so a stream of requests is not slowed down by a warm-up
 * step before each (their own renders warm the process meanwhile). When the render module awaits
 * the service's templates to warm with, the steps start once the pool's `{ warmWith }` message has
 * come (the pool always sends one, empty if it has none). Their end is reported with `{ warmedUp }`.
 *
 * A fault in native code here (Skia, zlib, the font stack) ends this process only; the pool
 * answers the render in progress with `render_crashed` and starts another process.
 */
import { pathToFileURL } from 'node:url';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { RenderJob, RenderResultMessage } from './renderer.js';
import type { WarmUpProgress, WarmUpSteps, WarmUpTemplate } from './warm-until-steady.js';
import { JobFilesKept } from './job-files.js';
import { afterFirstRender, cacheDirectory, loadCommonJs } from '../compile-cache.js';
import type { SentJob } from './job-files.js';

/**
 * A render module's renderer: renders a job; optionally warms the process further, one step per
 * call (undefined until done), first with the templates the pool sends when it `awaitsWarmUpTemplates`.
 */
export type Renderer = ((job: RenderJob) => Promise<RenderResultMessage>) & {
  readonly warmUpStep?: WarmUpSteps;
  readonly awaitsWarmUpTemplates?: boolean;
};

/** What a render module's default export makes from the start-up data. */
export type RenderModule = (init: unknown) => Promise<Renderer>;

export type ToRenderProcess =
  /** `filesKept`: the job's source and files were sent with an earlier job of its files version (job-files.ts). */
  | { readonly id: number; readonly job: SentJob; readonly filesKept?: true }
  /** Once after `ready`, to a process warming up with templates (possibly none): what to warm with first. */
  | { readonly warmWith: readonly WarmUpTemplate[] };
export type FromRenderProcess =
  | { readonly ready: true; readonly warming?: boolean }
  | { readonly warmedUp: WarmUpProgress }
  | { readonly id: number; readonly result: RenderResultMessage }
  /** A `filesKept` job whose source and files this process no longer has: the pool sends it again with them. */
  | { readonly id: number; readonly missingFiles: true };

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

/** Quiet time after `ready` or a job before warm-up steps start (again). */
const IDLE_BEFORE_WARM_UP_MS = 250;

/** Sends to the pool unless it has already let go of this process (closing, or the render timed out). */
function send(message: FromRenderProcess): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}

/**
 * The render module: a bundle (`.cjs`, scripts/bundle.mjs) runs with V8's code cache, which is
 * written (`afterRun`) once a first render has settled (afterFirstRender), so that it holds what a render compiles.
 * A fresh process spent ~450 ms importing the render module's ~500 modules (bench/README.md, stop 77).
 */
async function loadRenderModule(moduleFile: string): Promise<{ create: RenderModule; afterRun: () => void }> {
  if (!moduleFile.endsWith('.cjs')) return { create: (await import(pathToFileURL(moduleFile).href) as { default: RenderModule }).default, afterRun: () => undefined };
  const { exports, afterRun } = loadCommonJs(moduleFile, cacheDirectory());
  return { create: (exports as { default: RenderModule }).default, afterRun };
}

async function main(): Promise<void> {
  const [moduleFile, initJson] = process.argv.slice(2);
  if (moduleFile === undefined || process.send === undefined) throw new Error('render-process: started without a module or an IPC channel');
  const { create, afterRun } = await loadRenderModule(moduleFile);
  const watch = afterFirstRender(afterRun);
  const init = JSON.parse(initJson ?? '{}') as { keptFilesBytes?: number } | null;
  const render = await create(init);
  const { warmUpStep } = render;
  const jobFiles = new JobFilesKept(init?.keptFilesBytes);
  // the first step waits for the templates (a job meanwhile is served at once)
  let templatesGiven: () => void = () => undefined;
  const templatesArrived = render.awaitsWarmUpTemplates === true ? new Promise<void>((resolve) => { templatesGiven = resolve; }) : undefined;
  let step: Promise<WarmUpProgress | undefined> | undefined; // the warm-up render in progress
  let jobs = 0; // received, not yet answered
  let warming = warmUpStep !== undefined;
  let looping = false;
  let lastJobEnded = 0; // performance.now() when the last job was answered (or ready said)

  async function warmWhileIdle(): Promise<void> {
    if (looping) return;
    looping = true;
    try {
      await templatesArrived;
      while (warming) {
        const quiet = performance.now() - lastJobEnded;
        if (quiet < IDLE_BEFORE_WARM_UP_MS) await sleep(IDLE_BEFORE_WARM_UP_MS - quiet);
        else await nextTurn(); // a job that has arrived is taken first
        if (jobs > 0) return;
        if (performance.now() - lastJobEnded < IDLE_BEFORE_WARM_UP_MS) continue; // a job came and went meanwhile
        step = warmUpStep!();
        const done = await step.finally(() => { step = undefined; });
        if (done !== undefined) {
          warming = false;
          send({ warmedUp: done });
        }
      }
    } finally {
      looping = false;
    }
  }

  process.on('message', (message: ToRenderProcess) => {
    if ('warmWith' in message) {
      warmUpStep?.warmWith(message.warmWith);
      templatesGiven();
      return;
    }
    const job = jobFiles.complete(message.job, message.filesKept === true);
    if (job === undefined) {
      send({ id: message.id, missingFiles: true });
      return;
    }
    if (injectedFault(job)) process.abort();
    jobs++;
    void (async () => {
      await step;
      const result = await watch(render(job));
      send({ id: message.id, result });
      jobs--;
      lastJobEnded = performance.now();
      void warmWhileIdle();
    })();
  });
  // the pool closes the channel to stop a process
  process.on('disconnect', () => process.exit(0));
  send({ ready: true, warming });
  lastJobEnded = performance.now();
  void warmWhileIdle();
}

void main();
