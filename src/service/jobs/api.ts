/**
 * The HTTP side of asynchronous generation: `POST /v1/pdfs` with `Prefer: respond-async` (RFC 7240)
 * or `"async": true` answers 202 with a job and its status URL; `GET /v1/pdf-jobs/{id}` reads it.
 * An `Idempotency-Key` header makes a retried request answer the same job.
 */
import type { ApiCall, ApiExtension, ApiReply } from '../api-extension.js';
import type { GenerateCommand } from '../commands.js';
import { ServiceError } from '../api/errors.js';
import type { LinkSigner } from '../links.js';
import { downloadPath } from '../links.js';
import type { PdfDto, RequestScope } from '../operations.js';
import { requireQuota } from '../quota.js';
import type { Storage } from '../storage/types.js';
import type { JobQueue, JobRecord, JobState, JobStore } from '../records/jobs.js';

export interface JobsApiDeps {
  readonly storage: Storage;
  readonly jobs: JobStore;
  readonly queue: JobQueue;
  readonly signer: LinkSigner;
  readonly now: () => Date;
  /** Refuses a webhook URL the deliveries would refuse (webhooks/ssrf.ts); absent: any http(s) URL. */
  readonly checkWebhookUrl?: (url: string) => Promise<void>;
}

/** A job on the wire (snake_case, as the rest of the API). */
export interface JobDto {
  readonly id: string;
  readonly status: JobState;
  readonly template_id: string;
  /** The template version it renders (the one current when it was accepted). */
  readonly template_version: number | null;
  readonly reference_id: string;
  readonly batch_id: string | null;
  readonly status_url: string;
  readonly attempts: number;
  readonly created_at: string;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  /** On success: the download link, as the synchronous generate answers it. */
  readonly data?: PdfDto;
  /** On failure: the typed error, as an error body names it. */
  readonly error?: { readonly error_code: string; readonly message: string; readonly documentation_url: string };
}

const MAX_IDEMPOTENCY_KEY = 255;

export function jobsExtension(deps: JobsApiDeps): ApiExtension {
  return {
    routes: [{ pattern: /^\/pdf-jobs\/([^/]+)$/, methods: { GET: (call) => jobStatus(deps, call) } }],
    generate: async (call, scope, command, body) => (wantsAsync(call.request, body) ? submit(deps, call, scope, command, body) : undefined),
  };
}

function wantsAsync(request: Request, body: unknown): boolean {
  const prefer = request.headers.get('prefer') ?? '';
  if (prefer.split(',').some((token) => token.trim().toLowerCase() === 'respond-async')) return true;
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['async'] === true;
}

async function submit(deps: JobsApiDeps, call: ApiCall, scope: RequestScope, command: GenerateCommand, body: unknown): Promise<ApiReply> {
  const idempotencyKey = idempotencyKeyOf(call.request);
  const webhookUrl = await webhookUrlOf(deps, body);
  const template = await deps.storage.getTemplate(scope.workspace.id, command.templateId);
  if (template === undefined) throw new ServiceError('not_found', `no template ${command.templateId} in this workspace`);
  requireQuota(scope.workspace);
  const { job, created } = await deps.jobs.createJob({
    workspaceId: scope.workspace.id, command, templateVersion: template.version, idempotencyKey, webhookUrl, batchId: null, baseUrl: call.baseUrl,
  }, deps.now());
  // a retry of a job still pending sends it again: harmless if queued, and repairs a request that
  // stopped between storing the job and queueing it
  if (created || job.state === 'pending') await deps.queue.enqueue(job.id);
  const dto = jobDto(deps.signer, call.baseUrl, job);
  return { status: 202, body: dto, headers: { location: dto.status_url, 'preference-applied': 'respond-async' } };
}

async function jobStatus(deps: JobsApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const job = await deps.jobs.getJob(scope.workspace.id, (call.params[0] ?? '').toLowerCase());
  if (job === undefined) throw new ServiceError('not_found', 'no such job in this workspace');
  return { status: 200, body: jobDto(deps.signer, call.baseUrl, job) };
}

export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get('idempotency-key');
  if (key === null) return null;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ServiceError('validation_error', `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY} visible ASCII characters`);
  }
  return key;
}

export async function webhookUrlOf(deps: Pick<JobsApiDeps, 'checkWebhookUrl'>, body: unknown): Promise<string | null> {
  const value = (body as Record<string, unknown>)['webhook_url'];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) {
    throw new ServiceError('validation_error', 'webhook_url must be an http(s) URL');
  }
  await deps.checkWebhookUrl?.(value);
  return value;
}

export function jobDto(signer: LinkSigner, baseUrl: string, job: JobRecord): JobDto {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  const base = {
    id: job.id, status: job.state, template_id: job.templateId, template_version: job.templateVersion, reference_id: job.referenceId ?? job.id, batch_id: job.batchId,
    status_url: `${baseUrl}/v1/pdf-jobs/${job.id}`, attempts: job.attempts,
    created_at: job.created.toISOString(), started_at: iso(job.started), finished_at: iso(job.finished),
  };
  if (job.state === 'success' && job.documentId !== null && job.expires !== null && job.finished !== null) {
    return {
      ...base,
      data: {
        reference_id: base.reference_id, template_id: job.templateId,
        download_url: baseUrl + downloadPath(signer, job.documentId, job.expires),
        expires: job.expires.toISOString(), created_at: job.finished.toISOString(),
      },
    };
  }
  if (job.state === 'failure' && job.error !== null) {
    return { ...base, error: { error_code: job.error.code, message: job.error.message, documentation_url: `${baseUrl}/v1/errors#${job.error.code}` } };
  }
  return base;
}
