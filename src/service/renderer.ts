/**
 * The one thing the service needs from the engine: `RenderPdf`, injected into the operations
 * so they can be tested with a fake and run the real engine in a worker pool (workers.ts) or
 * in-process (the CLI's `template add`).
 */
import type { EncryptionOptions, Limits, RemoteOptions, RenderOptions, TemplateHelper } from '../options.js';
import type { Engine } from '../api.js';
import { isOctavoError, isUnexpectedError } from '../errors.js';
import { LimitExceededError } from '../limits.js';
import { formatDiagnostic } from '../diagnostics.js';
import type { ServiceErrorCode } from './api/errors.js';
import { ServiceError } from './api/errors.js';
import type { TemplateFiles } from './storage/types.js';
import { inTemplateFolder, templateFilesOptions } from './template-loader.js';

export interface RenderJob {
  /** Handlebars-over-HTML source. */
  readonly template: string;
  readonly data: unknown;
  /** Folder relative URLs resolve against (and sandbox root); none: only `data:` URLs load. */
  readonly baseDir?: string;
  /** A stored template's files, served instead of a folder on disk (template-loader.ts). */
  readonly files?: TemplateFiles;
  /**
   * Names this version of `files` (workspace, template, version; template-job.ts): a render process
   * then keeps their bytes across jobs, one array per file version (template-loader.ts).
   */
  readonly filesVersion?: string;
  /** Used in error locations. */
  readonly templateName?: string;
  readonly encryption?: EncryptionOptions;
  /**
   * Further render options (strict, PDF/A, signature...: what `octavo render --batch` passes);
   * plain data, as a job crosses a worker boundary. The service sets only the warm-up's shorter
   * `maxRenderMs` (warm-until-steady.ts).
   */
  readonly options?: JobOptions;
}

/** Render options a job may carry: everything but the template, the data and a loader (not cloneable). */
export type JobOptions = Omit<RenderOptions, 'template' | 'data' | 'resources'>;

export interface RenderOutput {
  readonly pdf: Uint8Array;
  readonly pages: number;
  /** The engine's warnings (a missing image, an ignored font...), for the server log. */
  readonly warnings?: readonly string[];
}

/** At most this many warnings of one render travel back (the rest are counted). */
const MAX_WARNINGS = 20;

/** Renders or throws a `ServiceError` (`template_error` / `render_error`). */
export type RenderPdf = (job: RenderJob) => Promise<RenderOutput>;

/** A render's outcome as plain data, so it crosses a worker boundary intact. */
export type RenderResultMessage =
  | { readonly ok: true; readonly pdf: Uint8Array; readonly pages: number; readonly warnings: readonly string[] }
  | {
    readonly ok: false; readonly code: ServiceErrorCode; readonly message: string; readonly engineCode?: string;
    /** Which limit a `limit_exceeded` went over (e.g. `maxRenderMs`). */
    readonly limit?: string;
  };

export interface EngineRendererOptions {
  /** The engine's limits (defaults: the engine's). */
  readonly limits?: Limits;
  /** Remote resources the engine may fetch (default none). */
  readonly remote?: RemoteOptions;
  /** The operator's template helpers (`--helpers`), besides octavo's. */
  readonly helpers?: Record<string, TemplateHelper>;
}

/** The engine's error codes as the API's: template problems are the caller's template, limits are named, the rest render errors. */
export function failureFromEngine(error: unknown): RenderResultMessage {
  if (isOctavoError(error) && !isUnexpectedError(error)) {
    const where = error.location === undefined ? '' : ` (${error.location})`;
    const code: ServiceErrorCode =
      error.code === 'template_syntax' || error.code === 'template_runtime' ? 'template_error'
        : error.code === 'limit_exceeded' ? 'limit_exceeded' : 'render_error';
    return { ok: false, code, message: `${error.message}${where}${templateHint(code, error.hint)}`, engineCode: error.code, ...(error instanceof LimitExceededError ? { limit: error.limit } : {}) };
  }
  // An engine bug (wrapped or not): say so without internals.
  return { ok: false, code: 'render_error', message: 'the document could not be rendered' };
}

/** A template error's short hint ("did you mean 'money'?") for the caller; a long one (every helper's name) stays out of the API's message. */
function templateHint(code: ServiceErrorCode, hint: string | undefined): string {
  return code === 'template_error' && hint !== undefined && hint.length <= MAX_HINT_CHARS ? `; ${hint}` : '';
}

const MAX_HINT_CHARS = 120;

/** Turns a result message back into an output or a thrown `ServiceError`. */
export function unwrapResult(result: RenderResultMessage): RenderOutput {
  if (result.ok) return { pdf: result.pdf, pages: result.pages, ...(result.warnings === undefined ? {} : { warnings: result.warnings }) };
  throw new ServiceError(result.code, result.message, result.engineCode === undefined ? {} : { reason: result.engineCode });
}

/** Renders in this thread with one long-lived engine (fonts parsed once). */
export function createEngineRenderer(options: EngineRendererOptions = {}): RenderPdf {
  let engine: Promise<Engine> | undefined;
  return async (job) => {
    engine ??= import('../api.js').then((m) => m.createEngine({
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.remote === undefined ? {} : { remote: options.remote }),
      ...(options.helpers === undefined ? {} : { helpers: options.helpers }),
    }));
    return unwrapResult(await renderMessage(await engine, job));
  };
}

/** Shared by the in-process renderer and the worker: never throws. */
export async function renderMessage(engine: Engine, job: RenderJob): Promise<RenderResultMessage> {
  try {
    const result = await engine.renderDetailed({
      ...job.options,
      template: job.template,
      data: job.data,
      ...(job.baseDir === undefined ? {} : { baseDir: job.baseDir }),
      ...(job.files === undefined ? {} : templateFilesOptions(job.files, job.filesVersion)),
      ...(job.templateName === undefined ? {} : { templateName: job.templateName }),
      ...(job.encryption === undefined ? {} : { encryption: job.encryption }),
    });
    // a stored template's stylesheets are named by their path in its folder, not the virtual one
    const warnings = job.files === undefined ? result.diagnostics.map(formatDiagnostic) : result.diagnostics.map((diagnostic) => formatDiagnostic(inTemplateFolder(diagnostic)));
    if (warnings.length > MAX_WARNINGS) warnings.splice(MAX_WARNINGS, Infinity, `... and ${warnings.length - MAX_WARNINGS} more warnings`);
    return { ok: true, pdf: result.pdf, pages: result.pages, warnings };
  } catch (error) {
    return failureFromEngine(error);
  }
}
