/**
 * The expansion budget of one template run: a template is small, but loops over loops and partials
 * calling partials twice multiply it. Every block body run (`{{#each}}` iteration, `{{#if}}`
 * branch, any block helper's `fn`/`inverse`), every partial call, every helper call and every
 * mustache evaluated is a step (so a loop body of many mustaches that write nothing weighs what
 * it costs); each block body and partial adds the bytes it wrote itself (its result minus what its inner steps already counted), so the running
 * total is the output's length as it grows and the limit fires while expanding — never after a
 * gigabyte string is built. Partial calls are also a stack, so runaway recursion is refused at its
 * call site. Templates run synchronously, so one module-level run is in effect at a time.
 */
import type { OctavoError } from '../errors.js';
import { limitExceeded } from '../limits.js';
import type { AstNode, CallNode } from './ast.js';
import { walk } from './ast.js';

export interface ExpansionLimits {
  /** limits.maxTemplateOutputBytes: characters the template may write. */
  readonly maxTemplateOutputBytes: number;
  /** limits.maxTemplateSteps: mustaches evaluated, helpers called, block bodies run and partials called. */
  readonly maxTemplateSteps: number;
  /** limits.maxPartialDepth: partial calls open at once. */
  readonly maxPartialDepth: number;
}

/** A template (or partial) being run, for error locations. */
interface Source {
  readonly file: string;
  readonly ast: AstNode;
  /** The partial name it was called as (absent for the top template). */
  readonly partial?: string;
}

interface Expansion {
  readonly limits: ExpansionLimits;
  readonly checkTime: () => void;
  bytes: number;
  steps: number;
  /** Per open step: characters its finished inner steps wrote (already counted). */
  readonly inner: number[];
  readonly sources: Source[];
}

let current: Expansion | undefined;

/** Runs `run` (one template run) under `limits`; `checkTime` is the render's wall-clock budget. */
export function withExpansion<T>(limits: ExpansionLimits, top: Source, checkTime: () => void, run: () => T): T {
  const previous = current;
  current = { limits, checkTime, bytes: 0, steps: 0, inner: [0], sources: [top] };
  try {
    return run();
  } finally {
    current = previous;
  }
}

type Loc = { readonly start?: { readonly line: number; readonly column: number } } | undefined;

function location(source: Source | undefined, loc: Loc): { file?: string; line?: number; column?: number } {
  const start = loc?.start;
  return { ...(source === undefined ? {} : { file: source.file }), ...(start === undefined ? {} : { line: start.line, column: start.column + 1 }) };
}

function outputTooLarge(expansion: Expansion, loc: Loc): OctavoError {
  const max = expansion.limits.maxTemplateOutputBytes;
  return limitExceeded('maxTemplateOutputBytes', max, `the template writes more than ${max} characters`, location(expansion.sources.at(-1), loc));
}

/** One step counted and timed (a mustache, a helper call; block bodies and partials through `step`). */
function tick(expansion: Expansion, loc: Loc): void {
  if (++expansion.steps > expansion.limits.maxTemplateSteps) {
    const max = expansion.limits.maxTemplateSteps;
    throw limitExceeded('maxTemplateSteps', max, `the template takes more than ${max} steps (mustaches, helpers, block bodies and partials)`, location(expansion.sources.at(-1), loc));
  }
  if ((expansion.steps & 1023) === 0) expansion.checkTime();
}

/** One step whose output is its own: counted, timed and what it wrote added to the total. */
function step(run: () => unknown, loc: Loc): unknown {
  const expansion = current;
  if (expansion === undefined) return run();
  tick(expansion, loc);
  expansion.inner.push(0);
  let result: unknown;
  try {
    result = run();
  } finally {
    const inner = expansion.inner.pop() ?? 0;
    const length = typeof result === 'string' ? result.length : 0;
    expansion.bytes += Math.max(0, length - inner); // a helper may drop its inner output
    expansion.inner[expansion.inner.length - 1]! += length;
  }
  if (expansion.bytes > expansion.limits.maxTemplateOutputBytes) throw outputTooLarge(expansion, loc);
  return result;
}

/** The last check, on the whole output (text outside any block counts too). */
export function checkOutput(output: string): void {
  const expansion = current;
  if (expansion !== undefined && output.length > expansion.limits.maxTemplateOutputBytes) throw outputTooLarge(expansion, undefined);
}

/** The first `{{> name}}` of a template (inside `{{#*inline "within"}}` when given), where a runaway recursion is reported. */
function callSite(ast: AstNode, name: string, within: string | undefined): Loc {
  let scope = ast;
  if (within !== undefined) {
    walk(ast, (node) => {
      const params = (node as CallNode).params as readonly { value?: unknown }[] | undefined;
      if (scope === ast && node.type === 'DecoratorBlock' && params?.[0]?.value === within) scope = node;
    });
  }
  let found: Loc;
  walk(scope, (node) => {
    if (found !== undefined || (node.type !== 'PartialStatement' && node.type !== 'PartialBlockStatement')) return;
    const called = (node as CallNode).name as { original?: unknown } | undefined;
    if (called?.original === name) found = node.loc;
  });
  return found;
}

function tooDeep(expansion: Expansion, name: string): OctavoError {
  const max = expansion.limits.maxPartialDepth;
  const caller = expansion.sources.at(-1);
  const chain = expansion.sources.slice(-3).map((source) => source.partial).filter((partial) => partial !== undefined);
  const through = chain.length > 0 && chain.some((partial) => partial !== name) ? ` (through ${[...new Set(chain)].join(' → ')})` : '';
  return limitExceeded('maxPartialDepth', max, `partial '${name}' recurses more than ${max} calls deep${through}`,
    location(caller, caller === undefined ? undefined : callSite(caller.ast, name, caller.partial)));
}

/** Runs partial `name` (from `file`, parsed as `ast`) as one step and one level of partial depth. */
export function partialStep<T>(name: string, file: string, ast: AstNode, run: () => T): T {
  const expansion = current;
  if (expansion === undefined) return run();
  if (expansion.sources.length > expansion.limits.maxPartialDepth) throw tooDeep(expansion, name);
  expansion.sources.push({ file, ast, partial: name });
  try {
    return step(run, undefined) as T;
  } finally {
    expansion.sources.pop();
  }
}

/** The template now running (an inline partial belongs to it). */
export function currentSource(): Source | undefined {
  return current?.sources.at(-1);
}

type Program = ((...args: unknown[]) => unknown) & Record<string, unknown>;

/** A block's `fn` or `inverse` whose every run is a step. */
export function countedProgram(program: Program, loc: Loc): Program {
  const counted = function countedBody(this: unknown, ...args: unknown[]): unknown {
    return step(() => program.apply(this, args), loc);
  } as Program;
  return Object.assign(counted, program); // keeps Handlebars' program, depth and blockParams marks
}

interface BlockOptions {
  readonly fn?: Program;
  readonly inverse?: Program;
  readonly loc?: Loc;
}

/**
 * A compiled template as Handlebars' runtime receives it: each program is called with the
 * template's runtime container, whose `lambda` the compiled code calls once per mustache
 * (test/template/handlebars-internals.test.ts asserts both).
 */
interface TemplateSpec {
  main: Program;
}

interface RuntimeContainer {
  lambda: (current: unknown, context: unknown) => unknown;
}

interface CountableEnvironment {
  readonly helpers: Record<string, (...args: unknown[]) => unknown>;
  readonly decorators: Record<string, (...args: unknown[]) => unknown>;
  template: (spec: TemplateSpec) => unknown;
}

const COUNTED = Symbol('octavo.countedMustaches');

/** The container's `lambda` made a step, once per container (a compiled template keeps its container). */
function countMustaches(container: RuntimeContainer & { [COUNTED]?: true }): void {
  if (container[COUNTED] === true) return;
  const lambda = container.lambda;
  if (typeof lambda !== 'function') throw new Error('Handlebars internals changed: the runtime container has no lambda (see test/template/handlebars-internals.test.ts)');
  container.lambda = function countedMustache(value: unknown, context: unknown): unknown {
    if (current !== undefined) tick(current, undefined);
    return lambda(value, context);
  };
  container[COUNTED] = true;
}

/** Every template the environment compiles counts its mustaches: its main program marks its container first. */
function countTemplates(env: CountableEnvironment): void {
  const template = env.template;
  env.template = function countedTemplate(this: unknown, spec: TemplateSpec): unknown {
    const main = spec.main;
    spec.main = Object.assign(function countedMain(this: unknown, container: RuntimeContainer, ...rest: unknown[]): unknown {
      countMustaches(container);
      return main.call(this, container, ...rest);
    }, main) as Program;
    return template.call(this, spec);
  };
}

/** A helper whose calls and block bodies are counted steps. */
export function countedHelper(helper: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return function countedBlocks(this: unknown, ...args: unknown[]): unknown {
    const options = args.at(-1) as BlockOptions | undefined;
    if (current !== undefined) tick(current, options?.loc);
    if (current !== undefined && typeof options?.fn === 'function') {
      const counted: Record<string, unknown> = { ...options, fn: countedProgram(options.fn, options.loc) };
      if (typeof options.inverse === 'function') counted['inverse'] = countedProgram(options.inverse, options.loc);
      args[args.length - 1] = counted;
    }
    return helper.apply(this, args);
  };
}

/**
 * Makes a Handlebars environment count its expansion: every mustache its templates evaluate and
 * every helper call is a step, every block helper (the built-in `each`, `if`, `with`, `unless`,
 * `blockHelperMissing` and octavo's) runs its bodies as steps, and every
 * `{{#*inline}}` partial is a partial step of the template that defines it.
 */
export function countExpansion(env: CountableEnvironment): void {
  for (const [name, helper] of Object.entries(env.helpers)) env.helpers[name] = countedHelper(helper);
  countTemplates(env);
  const inline = env.decorators['inline'];
  if (inline === undefined) return;
  env.decorators['inline'] = function countedInline(this: unknown, ...args: unknown[]): unknown {
    const [, props, , options] = args as [unknown, { partials?: Record<string, Program> }, unknown, { args: unknown[] }];
    const result = inline.apply(this, args);
    const name = String(options.args[0]);
    const body = props.partials?.[name];
    const source = currentSource();
    if (body !== undefined && source !== undefined) {
      props.partials![name] = Object.assign(function inlinePartial(this: unknown, ...call: unknown[]) {
        return partialStep(name, source.file, source.ast, () => body.apply(this, call));
      }, body) as Program;
    }
    return result;
  };
}
