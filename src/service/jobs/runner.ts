/**
 * One run of an asynchronous job, wherever it runs (`octavo serve`, `octavo worker`): render the
 * template with the job's payload and finish the job with its document or a typed error. A run
 * may be repeated (its worker was killed, pg-boss expired it): the store finishes a job once, so
 * the document is stored and its quota taken once, and a repeated run of a finished job only
 * makes sure its outcome was announced (`onFinished`, the webhook: delivered at least once).
 */
import { ServiceError, isServiceError } from '../api/errors.js';
import type { RenderPdf } from '../renderer.js';
import type { Storage, TemplateFiles, TemplateRecord } from '../storage/types.js';
import type { TemplateFilesReader } from '../template-files-cache.js';
import type { GenerateCommand } from '../commands.js';
import type { JobRecord, JobStore } from '../records/jobs.js';
import { templateRenderJob } from '../template-job.js';

/** Runs of one job at most (killed workers included); the last one that cannot render fails the job. */
export const DEFAULT_MAX_ATTEMPTS = 3;

export interface JobRunnerDeps {
  readonly storage: Storage;
  readonly jobs: JobStore;
  readonly renderPdf: RenderPdf;
  readonly linkTtlSeconds: number;
  readonly now: () => Date;
  readonly templateFiles?: TemplateFilesReader;
  readonly maxAttempts?: number;
  /** Announces a finished job (webhooks); may run more than once for one job. */
  readonly onFinished?: (job: JobRecord) => Promise<void>;
  readonly onWarnings?: (job: JobRecord, warnings: readonly string[]) => void;
  /** Told of each template a document was rendered from (the render processes' warm-up, template-warm-up.ts). */
  readonly onTemplateUsed?: (template: TemplateRecord) => void;
}

/** Errors of the machinery rather than of the document: the run is retried, not the job failed. */
const TRANSIENT = new Set(['service_unavailable', 'internal_error']);

export async function runJob(deps: JobRunnerDeps, jobId: string): Promise<void> {
  const started = await deps.jobs.startJob(jobId, deps.now());
  if (started === undefined) return; // removed meanwhile: nothing left to do
  if (started.kind === 'finished') {
    await deps.onFinished?.(started.job);
    return;
  }
  const { job, command } = started;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let finished: JobRecord;
  if (job.attempts > maxAttempts) {
    // every earlier run vanished mid-render (its worker killed): stop before this one does too
    finished = await deps.jobs.failJob(job.id, { code: 'render_error', message: `the render was interrupted ${job.attempts - 1} times` }, deps.now());
    await deps.onFinished?.(finished);
    return;
  }
  try {
    const pdf = await renderJob(deps, job, command);
    finished = await deps.jobs.succeedJob(job.id, { pdf, ttlSeconds: deps.linkTtlSeconds }, deps.now());
  } catch (error) {
    const transient = !isServiceError(error) || TRANSIENT.has(error.code);
    if (transient && job.attempts < maxAttempts) throw error;
    const typed = isServiceError(error) && !transient ? error
      : new ServiceError('render_error', `the document could not be rendered in ${job.attempts} attempts`);
    finished = await deps.jobs.failJob(job.id, { code: typed.code, message: typed.message }, deps.now());
  }
  await deps.onFinished?.(finished);
}

async function renderJob(deps: JobRunnerDeps, job: JobRecord, command: GenerateCommand): Promise<Uint8Array> {
  const [workspace, template] = await Promise.all([deps.storage.getWorkspace(job.workspaceId), templateOf(deps, job)]);
  if (workspace === undefined || template === undefined) throw new ServiceError('not_found', `no template ${job.templateId} in this workspace`);
  if (!workspace.active) throw new ServiceError('workspace_inactive', 'the workspace is deactivated');
  // refused before rendering, as the synchronous generate: no CPU spent on what cannot be paid for
  if (workspace.remainingQuota <= 0) throw new ServiceError('quota_exceeded', 'the workspace has no quota left');
  const { pdf, warnings } = await deps.renderPdf(templateRenderJob(template.record, await template.files(), command.payload, command.encryption));
  deps.onTemplateUsed?.(template.record);
  if (warnings !== undefined && warnings.length > 0) deps.onWarnings?.(job, warnings);
  return pdf;
}

interface VersionToRender {
  readonly record: TemplateRecord;
  readonly files: () => Promise<TemplateFiles>;
}

/**
 * The version the job was accepted with: the current one (its files through the cache) or one an
 * update or the template's delete superseded, kept for the jobs accepted before.
 */
async function templateOf(deps: JobRunnerDeps, job: JobRecord): Promise<VersionToRender | undefined> {
  const current = await deps.storage.getTemplate(job.workspaceId, job.templateId);
  if (current !== undefined && (job.templateVersion === null || current.version === job.templateVersion)) {
    return { record: current, files: () => filesOf(deps, current) };
  }
  if (job.templateVersion === null) return undefined;
  const kept = await deps.storage.getTemplateVersion(job.workspaceId, job.templateId, job.templateVersion);
  return kept === undefined ? undefined : { record: kept.template, files: async () => kept.files };
}

async function filesOf(deps: JobRunnerDeps, template: TemplateRecord): Promise<TemplateFiles> {
  return deps.templateFiles === undefined
    ? await deps.storage.getTemplateFiles(template.workspaceId, template.id) ?? new Map<string, Uint8Array>()
    : deps.templateFiles(template);
}
