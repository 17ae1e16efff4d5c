/**
 * The HTTP side of bulk generation: `POST /v1/pdf-batches` (one template, up to 1,000 items)
 * answers 202 with the batch and its status URL; `GET /v1/pdf-batches/{id}` counts its items by
 * state and lists each item's job as `GET /v1/pdf-jobs/{id}` shows it (download link when done).
 * Quota is checked per document when each item is stored: items past it fail `quota_exceeded`.
 */
import type { ApiCall, ApiExtension, ApiReply } from '../api-extension.js';
import { ServiceError } from '../api/errors.js';
import { DEFAULT_LIMITS } from '../../options.js';
import { idempotencyKeyOf, jobDto, webhookUrlOf } from '../jobs/api.js';
import type { JobsApiDeps } from '../jobs/api.js';
import { requireQuota } from '../quota.js';
import type { BatchStore } from './types.js';
import { batchDto } from './dto.js';
import { parseBatchRequest } from './parse.js';

export interface BulkApiDeps extends Omit<JobsApiDeps, 'jobs'> {
  readonly batches: BatchStore;
  /** Payload strings holding JSON are parsed within this depth (the server's `--max-data-depth`). */
  readonly maxDataDepth?: number;
}

export function bulkExtension(deps: BulkApiDeps): ApiExtension {
  return {
    routes: [
      { pattern: /^\/pdf-batches$/, methods: { POST: (call) => submitBatch(deps, call) } },
      { pattern: /^\/pdf-batches\/([^/]+)$/, methods: { GET: (call) => batchStatus(deps, call) } },
    ],
  };
}

async function submitBatch(deps: BulkApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const idempotencyKey = idempotencyKeyOf(call.request);
  const body = await call.readJson();
  const request = parseBatchRequest(body, deps.maxDataDepth ?? DEFAULT_LIMITS.maxDataDepth);
  const webhookUrl = await webhookUrlOf(deps, body);
  if (await deps.storage.getTemplate(scope.workspace.id, request.templateId) === undefined) {
    throw new ServiceError('not_found', `no template ${request.templateId} in this workspace`);
  }
  requireQuota(scope.workspace);
  const { batch, created } = await deps.batches.createBatch({
    workspaceId: scope.workspace.id, templateId: request.templateId, webhookUrl, idempotencyKey, baseUrl: call.baseUrl, items: request.items,
  }, deps.now());
  // a retry sends the items still pending again: harmless if queued, and repairs a request that
  // stopped (its process killed) between storing the batch and queueing all of it
  const jobs = await deps.batches.batchJobs(batch);
  const pending = created ? batch.jobIds : jobs.filter((job) => job.state === 'pending').map((job) => job.id);
  await deps.queue.enqueueMany(pending);
  const dto = batchDto(batch, jobs, call.baseUrl);
  return { status: 202, body: dto, headers: { location: dto.status_url } };
}

async function batchStatus(deps: BulkApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const batch = await deps.batches.getBatch(scope.workspace.id, (call.params[0] ?? '').toLowerCase());
  if (batch === undefined) throw new ServiceError('not_found', 'no such batch in this workspace');
  const jobs = await deps.batches.batchJobs(batch);
  return { status: 200, body: { ...batchDto(batch, jobs, call.baseUrl), items: jobs.map((job) => jobDto(deps.signer, call.baseUrl, job)) } };
}
