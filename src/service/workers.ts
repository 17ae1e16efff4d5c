/**
 * The render pool (docs/design.md §1.4 "rendering runs off the event loop"): child processes, as many
 * as the machine has cores, each rendering one document at a time (render-process.ts). Renders
 * run in processes rather than threads because a fault in native code (Skia decoding an image,
 * zlib, an abort or an out-of-memory in V8) ends the whole process it happens in: in a process of
 * its own it ends one render, answered `render_crashed` (500), and the pool starts a replacement
 * while the server goes on serving.
 *
 * The time limit is the engine's own budget (`limits.maxRenderMs`, 422 `limit_exceeded`); a render
 * that outlives it by a grace period (stuck where the engine does not check its budget) has its
 * process killed and replaced. The queue of waiting renders is bounded: when it is full, 503 with
 * `Retry-After`.
 *
 * Every process starts with the pool and stays (a render never waits for one to load the engine
 * and its fonts), and each has a young generation large enough for a few renders' garbage: with
 * V8's default (16 MiB semi-spaces) a scavenge runs every 3-4 invoices and copies the render in
 * progress twice before promoting it, which the old generation then has to mark and compact.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Limits, RemoteOptions } from '../options.js';
import { ServiceError } from './api/errors.js';
import type { FromRenderProcess, ToRenderProcess } from './render-process.js';
import type { RenderJob, RenderOutput, RenderPdf } from './renderer.js';
import { unwrapResult } from './renderer.js';
import type { WarmUpProgress, WarmUpTemplate } from './warm-until-steady.js';
import { JobFilesSent } from './job-files.js';

export interface WorkerPoolOptions {
  /** Compiled render module; default: render-worker.js beside this file, else dist/service/render-worker.js. */
  readonly workerFile?: string;
  /** Render processes; default: the number of cores. */
  readonly threads?: number;
  /** Render time limit in milliseconds (default 30 000); sets the engine's limits.maxRenderMs. */
  readonly timeoutMs?: number;
  /** The engine's other limits (defaults: the engine's). */
  readonly limits?: Limits;
  /** Remote resources the engines may fetch (`--allow-remote`; default none). */
  readonly remote?: RemoteOptions;
  /** Font files or folders every render process's engine gets (`octavo serve --font-dir`). */
  readonly fonts?: readonly string[];
  /** A module of template helpers every render process's engine loads (`--helpers`, helpers-module.ts). */
  readonly helpersModule?: string;
  /** Renders that may wait for a process (default 64); more answer 503. */
  readonly maxQueue?: number;
  /** A document each process renders once before it takes requests (render-worker.ts); default none. */
  readonly warmUp?: RenderJob;
  /**
   * With `warmUp`: CPU ms each process may spend after it is ready on more warm-up renders, while
   * no request waits for it, until its renders settle (warm-until-steady.ts); default 0, none.
   */
  readonly warmUpMs?: number;
  /**
   * With `warmUpMs`: the templates each new process (a replacement too) warms with first, asked
   * once it is ready (the service's: template-warm-up.ts). A failure is an empty list.
   */
  readonly warmUpTemplates?: () => Promise<readonly WarmUpTemplate[]>;
  /** Told of each process's warm-up once it ends (metrics, the debug log of failed templates). */
  readonly onWarmedUp?: (progress: WarmUpProgress) => void;
  /** Bytes of stored templates' files each process keeps across jobs, so they are sent once (job-files.ts); default 64 MiB. */
  readonly keptFilesBytes?: number;
}

export interface WorkerPool {
  readonly renderPdf: RenderPdf;
  /** Render processes (renders that run at once). */
  readonly threads: number;
  /** Renders waiting for a process now. */
  queueSize(): number;
  /** Processes still warming up after they are ready (`warmUpMs`); they take requests meanwhile. */
  warming(): number;
  close(): Promise<void>;
}

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_QUEUE = 64;
/** Semi-space of each render process's young generation: four times V8's default, a quarter of the scavenges. */
export const RENDER_SEMI_SPACE_MB = 64;
/** How long past the budget a render may run before its process is killed (at most the budget again). */
const ABORT_GRACE_MS = 5_000;
/** Seconds a client is asked to wait when the queue is full. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 2;
/** A process that dies this soon after starting, before any render, is restarted only after this delay (no restart loop). */
const RESTART_BACKOFF_MS = 1_000;

/** Finds a compiled file of this folder when running from dist/ (beside this file) or from src/ (tests). */
function compiledFile(name: string): string {
  const beside = fileURLToPath(new URL(`./${name}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../../dist/service/${name}`, import.meta.url));
}

/** The render module: its bundle (scripts/bundle.mjs; run with V8's code cache, render-process.ts) or, without one, its module. */
export function defaultWorkerFile(): string {
  const bundled = compiledFile('render-worker.cjs');
  return existsSync(bundled) ? bundled : compiledFile('render-worker.js');
}

interface Pending {
  readonly id: number;
  readonly job: RenderJob;
  readonly resolve: (output: RenderOutput) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly child: ChildProcess;
  readonly started: number;
  ready: boolean;
  /** Still running its warm-up renders after `ready`. */
  warming: boolean;
  rendered: number;
  current?: Pending;
  timer?: NodeJS.Timeout;
  /** Killed by the pool (time limit, close): its exit is no crash. */
  killed?: boolean;
  /** The template files versions this process has been sent (job-files.ts). */
  readonly filesSent: JobFilesSent;
}

function queueFull(): ServiceError {
  return new ServiceError('service_unavailable', 'the render queue is full; retry shortly', {
    headers: { 'Retry-After': String(QUEUE_FULL_RETRY_AFTER_SECONDS) },
  });
}

function crashed(code: number | null, signal: NodeJS.Signals | null): ServiceError {
  const how = signal !== null ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
  return new ServiceError('render_crashed', `the render process ended abnormally (${how}); the document was not rendered`);
}

function builtFiles(...files: string[]): string[] {
  for (const file of files) {
    if (!existsSync(file)) throw new Error(`render worker ${file} not found: build the package first (npm run build)`);
  }
  return files;
}

function forkRenderProcess(hostFile: string, moduleFile: string, init: string): ChildProcess {
  return fork(hostFile, [moduleFile, init], {
    serialization: 'advanced',
    execArgv: [`--max-semi-space-size=${RENDER_SEMI_SPACE_MB}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Closes a process's channel (it exits by itself), killing it if it has not within 2 s. */
function stopRenderProcess(slot: Slot): Promise<void> {
  return new Promise<void>((resolve) => {
    slot.child.once('exit', () => resolve());
    slot.killed = true;
    if (slot.child.connected) slot.child.disconnect();
    setTimeout(() => slot.child.kill('SIGKILL'), 2_000).unref();
  });
}

/** What each render process builds its engine from (render-worker.ts reads it back). */
function engineInitOf(options: WorkerPoolOptions, timeoutMs: number): string {
  return JSON.stringify({
    limits: { ...options.limits, maxRenderMs: timeoutMs },
    fonts: options.fonts ?? [],
    ...(options.helpersModule === undefined ? {} : { helpersModule: options.helpersModule }),
    ...(options.remote === undefined ? {} : { remote: options.remote }),
    ...(options.warmUp === undefined ? {} : { warmUp: options.warmUp }),
    ...(options.warmUp === undefined || options.warmUpMs === undefined ? {} : { warmUpMs: options.warmUpMs }),
    ...(warmsWithTemplates(options) ? { warmUpTemplates: true } : {}),
    ...(options.keptFilesBytes === undefined ? {} : { keptFilesBytes: options.keptFilesBytes }),
  });
}

function warmsWithTemplates(options: WorkerPoolOptions): boolean {
  return options.warmUp !== undefined && (options.warmUpMs ?? 0) > 0 && options.warmUpTemplates !== undefined;
}

/** Sends a process warming up the templates to warm with; a process gone meanwhile is left alone. */
function sendWarmUpTemplates(slot: Slot, templates: () => Promise<readonly WarmUpTemplate[]>): void {
  void templates().catch(() => []).then((warmWith) => {
    if (slot.child.connected && slot.killed !== true) slot.child.send({ warmWith } satisfies ToRenderProcess, undefined, undefined, () => undefined);
  });
}

/** `ready` (the templates to warm with sent, when the process warms up) and `warmedUp` (its end reported). */
function onWarmUpState(slot: Slot, message: Exclude<FromRenderProcess, { readonly id: number }>, options: WorkerPoolOptions): void {
  if ('ready' in message) {
    Object.assign(slot, { ready: true, warming: message.warming === true });
    if (slot.warming && warmsWithTemplates(options)) sendWarmUpTemplates(slot, options.warmUpTemplates!);
  } else {
    slot.warming = false;
    options.onWarmedUp?.(message.warmedUp);
  }
}

/** Ends the slot's render in progress (answered, timed out or crashed): the pending render, to settle. */
function finish(slot: Slot): Pending | undefined {
  const pending = slot.current;
  clearTimeout(slot.timer);
  slot.current = undefined;
  slot.timer = undefined;
  return pending;
}

/** The process no longer keeps the job's files (job-files.ts): the same job again, with them. */
function resendWithFiles(slot: Slot, pending: Pending): void {
  slot.filesSent.forget(pending.job);
  slot.child.send(slot.filesSent.message(pending.id, pending.job) satisfies ToRenderProcess);
}

function warmingCount(slots: Iterable<Slot>): number {
  let count = 0;
  for (const slot of slots) if (slot.ready && slot.warming) count++;
  return count;
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const size = Math.max(1, options.threads ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const [moduleFile, hostFile] = builtFiles(options.workerFile ?? defaultWorkerFile(), compiledFile('render-process.js'));
  const init = engineInitOf(options, timeoutMs);
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  const maxInFlight = size + (options.maxQueue ?? DEFAULT_MAX_QUEUE);
  let nextId = 0;
  let closing = false;

  function dispatch(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.current !== undefined || slot.killed === true) continue;
      const pending = queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(() => {
        slot.killed = true;
        slot.child.kill('SIGKILL');
        finish(slot)?.reject(new ServiceError('limit_exceeded', `rendering took longer than ${timeoutMs} ms (limits.maxRenderMs = ${timeoutMs})`));
      }, timeoutMs + Math.min(ABORT_GRACE_MS, timeoutMs));
      slot.child.send(slot.filesSent.message(pending.id, pending.job) satisfies ToRenderProcess);
    }
  }

  function onMessage(slot: Slot, message: FromRenderProcess): void {
    if ('ready' in message || 'warmedUp' in message) onWarmUpState(slot, message, options);
    else if ('missingFiles' in message) {
      if (slot.current?.id === message.id) resendWithFiles(slot, slot.current);
      return;
    } else if (slot.current?.id === message.id) {
      const pending = finish(slot)!;
      slot.rendered++;
      try {
        pending.resolve(unwrapResult(message.result));
      } catch (error) {
        pending.reject(error);
      }
    }
    dispatch();
  }

  function onExit(slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
    if (!slots.delete(slot)) return;
    const pending = finish(slot);
    if (pending !== undefined) pending.reject(slot.killed === true ? new ServiceError('service_unavailable', 'the server is shutting down') : crashed(code, signal));
    if (closing) return;
    const early = slot.rendered === 0 && performance.now() - slot.started < RESTART_BACKOFF_MS;
    if (early) setTimeout(() => { if (!closing) start(); }, RESTART_BACKOFF_MS).unref();
    else start();
  }

  function start(): void {
    const child = forkRenderProcess(hostFile!, moduleFile!, init);
    const slot: Slot = { child, started: performance.now(), ready: false, warming: false, rendered: 0, filesSent: new JobFilesSent(options.keptFilesBytes) };
    slots.add(slot);
    child.on('message', (message: FromRenderProcess) => onMessage(slot, message));
    child.once('exit', (code, signal) => { onExit(slot, code, signal); dispatch(); });
    // a process that cannot be started or written to is ended; its exit replaces it
    child.on('error', () => child.kill('SIGKILL'));
  }

  for (let index = 0; index < size; index++) start();

  const renderPdf: RenderPdf = (job) => {
    const busy = [...slots].filter((slot) => slot.current !== undefined).length;
    const refused = closing ? new ServiceError('service_unavailable', 'the server is shutting down')
      : busy + queue.length >= maxInFlight ? queueFull() : undefined;
    if (refused !== undefined) return Promise.reject(refused);
    return new Promise<RenderOutput>((resolve, reject) => {
      queue.push({ id: nextId++, job, resolve, reject });
      dispatch();
    });
  };

  async function close(): Promise<void> {
    closing = true;
    for (const pending of queue.splice(0)) pending.reject(new ServiceError('service_unavailable', 'the server is shutting down'));
    await Promise.all([...slots].map(stopRenderProcess));
  }

  return { renderPdf, threads: size, queueSize: () => queue.length, warming: () => warmingCount(slots), close };
}
