/**
 * The render module of the pool's processes (render-process.ts, workers.ts): one long-lived
 * engine per process (fonts parsed once, remote resources cached), with the limits and the
 * remote allow-list the pool was given. Loaded as compiled
 * JS (dist/service/render-worker.js); results and errors travel as plain data.
 *
 * With a warm-up job (the pool's `warmUp`), the engine renders it once before the process says
 * it is ready: the first render of a process otherwise runs in V8's interpreter, compiling the
 * engine's code lazily, parsing the bundled fonts and loading ICU's data, and costs as much as ten
 * of its later renders (bench/README.md, "Fresh render processes"). With a warm-up budget too (the
 * pool's `warmUpMs`), the renderer also offers `warmUpStep`: more warm-up renders, one per call,
 * which render-process.ts runs while no request waits, until the renders settle or the budget is
 * spent (warm-until-steady.ts), the service's templates first when the pool sends them. Once its
 * renders are over, the shaping caches its made-up words filled keep their newest half only
 * (`endWarmUp`; full, they would refuse each request's new words on their first miss), and, if
 * that dropped any, the service's templates are rendered once more each, so that their words are
 * among those kept (bench/README.md, issue 32 stop 36).
 */
import { createInternalEngine } from '../render.js';
import type { Limits, RemoteOptions } from '../options.js';
import { loadHelpersModule } from '../helpers-module.js';
import type { Renderer } from './render-process.js';
import type { RenderJob } from './renderer.js';
import { renderMessage } from './renderer.js';
import { warmUntilSteady } from './warm-until-steady.js';

interface RenderInit {
  limits?: Limits; remote?: RemoteOptions; fonts?: string[]; helpersModule?: string; warmUp?: RenderJob; warmUpMs?: number;
  /** The pool sends templates to warm with (`{ warmWith }`) once the process is ready: wait for them before the first step. */
  warmUpTemplates?: boolean;
}

export default async function createRenderer(init: unknown): Promise<Renderer> {
  const { limits, remote, fonts, helpersModule, warmUp, warmUpMs, warmUpTemplates } = (init ?? {}) as RenderInit;
  const helpers = helpersModule === undefined ? undefined : await loadHelpersModule(helpersModule);
  const engine = createInternalEngine({
    ...(limits === undefined ? {} : { limits }),
    ...(remote === undefined ? {} : { remote }),
    ...(fonts === undefined || fonts.length === 0 ? {} : { fonts }),
    ...(helpers === undefined ? {} : { helpers }),
  });
  // its outcome is not the point: a warm-up that fails still compiled what it reached
  if (warmUp !== undefined) await renderMessage(engine, warmUp);
  const render = (job: RenderJob) => renderMessage(engine, job);
  if (warmUp === undefined || warmUpMs === undefined || warmUpMs <= 0) return render;
  // once warmed, the shaping caches keep only the warm-up's most recent words: room for the requests'
  const warmUpStep = warmUntilSteady(render, warmUpMs, { over: () => engine.endWarmUp() });
  return Object.assign(render, { warmUpStep, awaitsWarmUpTemplates: warmUpTemplates === true });
}
