/**
 * Warming a render process after it has said it is ready (render-worker.ts, render-process.ts),
 * one render at a time while no request waits. One warm-up render before `ready` compiles what a
 * one-page document runs, but V8 optimises a function only after it has run many times: the next
 * ten renders of a fresh process still cost 3-6x its hundredth (bench/README.md, stop 27-30).
 * Rendering the warm-up document again at other lengths and with other words moves that cost off
 * the requests' path.
 *
 * What a request pays most on a fresh process is its own template's first work (Handlebars
 * compiling it, its stylesheet parsed and cascaded, its words shaped, the code paths it exercises
 * optimised), which no other document warms (stop 30). So when the service gives the process its
 * templates (`warmWith`: the ones last used or changed, with their sample payloads,
 * template-warm-up.ts), those come first and then every other render, in turn with the warm-up
 * document's steps: rendered again and again with its one sample payload alone, a template made
 * the next requests' other payloads (other rows, other words) cost more (bench/README.md, stop 31).
 * A template whose render fails is dropped after that render. A template's warm-up render is cut
 * short after `WARM_UP_TEMPLATE_MAX_MS` (the render's own `maxRenderMs`): a request that arrives
 * meanwhile waits for it (render-process.ts), and a stored template may be 45 pages long. Cut
 * short, it has still compiled its template, parsed its stylesheet and laid out its first pages;
 * it is not a failure and stays in turn.
 *
 * Each part stops once its renders have settled — a round (the step documents: one of each length
 * of `WARM_UP_ROWS`; the templates: each in turn, at least as many renders as that) costing no
 * less than 0.9x the cheapest round so far, twice — and the whole once it has also rendered
 * `WARM_UP_MIN_RENDERS` times, or when its CPU budget is spent.
 * CPU is the process's (all threads: V8 compiles on helper threads), so the budget bounds what the
 * warm-up takes from the machine, whatever the load.
 */
import { WARM_UP_ROWS, warmUpStepJob } from './warm-up.js';
import type { RenderJob, RenderResultMessage } from './renderer.js';

/** `octavo serve` and `octavo worker`: CPU ms each render process may spend warming up once ready (the pool's `warmUpMs`). */
export const DEFAULT_WARM_UP_MS = 10_000;

/** Wall ms a warm-up render of a stored template may take before it is cut short (see the file's comment). */
export const WARM_UP_TEMPLATE_MAX_MS = 200;

/**
 * Warm-up renders done before they may count as settled. The rounds' CPU stops falling after ~30
 * renders, but V8 optimises a function only once it has run enough, and the functions a render
 * runs once or a few times (a table's fragment per page, the flex items' placement, a font
 * subset's writer) get there only between the 40th and the 100th: a template never seen met them
 * still unoptimised in its first ten requests (bench/README.md, issue 32 stop 34).
 */
export const WARM_UP_MIN_RENDERS = 100;

/** A round counts as cheaper only below this share of the cheapest one so far. */
const SETTLED_RATIO = 0.9;
/** Rounds in a row not cheaper than that: settled. */
const SETTLED_ROUNDS = 2;

/** A stored template to warm a render process with, its job built as a generate request's (template-job.ts). */
export interface WarmUpTemplate {
  readonly workspaceId: string;
  readonly templateId: string;
  readonly job: RenderJob;
}

export interface WarmUpFailure {
  readonly workspaceId: string;
  readonly templateId: string;
  readonly message: string;
}

/** The process's CPU time so far (user + system, every thread), in ms. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export interface WarmUpProgress {
  /** Warm-up renders done after `ready`, the templates' included. */
  readonly renders: number;
  /** CPU ms they took. */
  readonly cpuMs: number;
  /** Whether they stopped because the renders settled (else: the budget ran out). */
  readonly settled: boolean;
  /** Renders of the templates given with `warmWith`, failed ones included. */
  readonly templateRenders: number;
  /** The templates whose render failed (each dropped after it). */
  readonly failures: readonly WarmUpFailure[];
}

/** One step per call (resolves `undefined` while there is more to do); `warmWith` gives it the templates to warm with first. */
export type WarmUpSteps = (() => Promise<WarmUpProgress | undefined>) & {
  warmWith(templates: readonly WarmUpTemplate[]): void;
};

/** Renders costs in rounds of `length` and says when they have settled. */
class Settling {
  private round = 0;
  private count = 0;
  private cheapest = Infinity;
  private notCheaper = 0;

  constructor(private readonly length: number) {}

  /** Adds one render's CPU ms; true once settled. */
  add(took: number): boolean {
    this.round += took;
    this.count++;
    if (this.count % this.length === 0) {
      if (this.round < this.cheapest * SETTLED_RATIO) this.notCheaper = 0;
      else this.notCheaper++;
      this.cheapest = Math.min(this.cheapest, this.round);
      this.round = 0;
    }
    return this.notCheaper >= SETTLED_ROUNDS;
  }
}

/** A round of `count` templates: each in turn, as many renders as a round of the step documents at least. */
function templateRound(count: number): number {
  return count * Math.ceil(WARM_UP_ROWS.length / count);
}

/** Why a render failed, or undefined if it did not (or was only cut short at its time limit, `WARM_UP_TEMPLATE_MAX_MS`). */
function failureOf(result: RenderResultMessage | undefined): string | undefined {
  if (result === undefined) return 'the render threw';
  return result.ok || result.limit === 'maxRenderMs' ? undefined : result.message;
}

/** The template's job with the warm-up's time limit. */
function cutShortAfterLimit(template: WarmUpTemplate): WarmUpTemplate {
  return { ...template, job: { ...template.job, options: { ...template.job.options, maxRenderMs: WARM_UP_TEMPLATE_MAX_MS } } };
}

export interface WarmUpHooks {
  /** The process's CPU ms so far (default: `process.cpuUsage`, every thread). */
  readonly cpuMs?: () => number;
  /**
   * Called once when the warm-up's renders are over (settled or budget spent), to drop what they
   * left that requests will not use (render-worker.ts: the older half of the shaping caches); says
   * whether it dropped anything. If so, the templates given with `warmWith` that did not fail are
   * then rendered once more each, one per step, so that what they leave is among the newest
   * again: only then is the warm-up done.
   */
  readonly over?: () => boolean;
}

/**
 * One warm-up render per call; resolves `undefined` while there is more to do, then the progress
 * once done (settled or budget spent; a budget of 0 is done at once). A failed render of the
 * warm-up document counts like any other: what it reached is compiled.
 */
export function warmUntilSteady(render: (job: RenderJob) => Promise<RenderResultMessage>, budgetMs: number, hooks: WarmUpHooks = {}): WarmUpSteps {
  const { cpuMs = processCpuMs, over } = hooks;
  let renders = 0;
  let spent = 0;
  let steps = 0;
  const documents = new Settling(WARM_UP_ROWS.length);
  let documentsSettled = false;
  let templates: WarmUpTemplate[] = [];
  let templatesSettling = new Settling(1);
  let templateRenders = 0;
  /** The templates given, less those that failed: the last round's (`WarmUpHooks.over`). */
  let kept: WarmUpTemplate[] = [];
  /** Once the renders are over: the templates still to render once more, and the figures to report then. */
  let lastRound: { readonly templates: WarmUpTemplate[]; readonly settled: boolean } | undefined;
  const failures: WarmUpFailure[] = [];
  let done: WarmUpProgress | undefined = budgetMs > 0 ? undefined : { renders: 0, cpuMs: 0, settled: false, templateRenders: 0, failures: [] };

  /** Renders a given template: its CPU ms, and its failure (the template is then dropped for good). */
  async function renderTemplate(template: WarmUpTemplate): Promise<{ took: number; failed: boolean }> {
    const before = cpuMs();
    const failure = failureOf(await render(template.job).catch(() => undefined));
    const took = cpuMs() - before;
    templateRenders++;
    if (failure === undefined) return { took, failed: false };
    failures.push({ workspaceId: template.workspaceId, templateId: template.templateId, message: failure });
    kept = kept.filter((other) => other !== template);
    return { took, failed: true };
  }

  async function templateStep(): Promise<number> {
    const template = templates[templateRenders % templates.length]!;
    const { took, failed } = await renderTemplate(template);
    if (!failed) {
      if (templatesSettling.add(took)) templates = [];
    } else {
      templates = templates.filter((other) => other !== template);
      templatesSettling = new Settling(templateRound(Math.max(1, templates.length)));
    }
    return took;
  }

  async function documentStep(): Promise<number> {
    const before = cpuMs();
    await render(warmUpStepJob(steps++)).catch(() => undefined);
    const took = cpuMs() - before;
    documentsSettled = documents.add(took);
    return took;
  }

  const report = (settled: boolean): WarmUpProgress => ({ renders, cpuMs: Math.round(spent), settled, templateRenders, failures });

  async function lastRoundStep(round: { readonly templates: WarmUpTemplate[]; readonly settled: boolean }): Promise<void> {
    const template = round.templates.shift();
    if (template !== undefined) {
      spent += (await renderTemplate(template)).took;
      renders++;
    }
    if (round.templates.length === 0) done = report(round.settled);
  }

  const step = async (): Promise<WarmUpProgress | undefined> => {
    if (done !== undefined) return done;
    if (lastRound !== undefined) {
      await lastRoundStep(lastRound);
      return done;
    }
    // in turn with the warm-up document's steps while both go on: see the file's comment
    const templateTurn = templates.length > 0 && (documentsSettled || renders % 2 === 0);
    spent += templateTurn ? await templateStep() : await documentStep();
    renders++;
    const settled = documentsSettled && templates.length === 0 && renders >= WARM_UP_MIN_RENDERS;
    if (settled || spent >= budgetMs) {
      const dropped = over?.() === true;
      if (dropped && kept.length > 0) lastRound = { templates: [...kept], settled };
      else done = report(settled);
    }
    return done;
  };
  return Object.assign(step, {
    warmWith(given: readonly WarmUpTemplate[]): void {
      if (done !== undefined || given.length === 0) return;
      templates = given.map(cutShortAfterLimit);
      kept = [...templates];
      templatesSettling = new Settling(templateRound(templates.length));
    },
  });
}
