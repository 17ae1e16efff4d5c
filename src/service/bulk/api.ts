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
import type { BatchStore, ItemPage } from '../records/batches.js';
import { MAX_BATCH_ITEMS } from '../records/batches.js';
import { batchDto } from './dto.js';
import { parseBatchRequest } from './parse.js';
import { queueBatch } from './requeue.js';

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
  const template = await deps.storage.getTemplate(scope.workspace.id, request.templateId);
  if (template === undefined) throw new ServiceError('not_found', `no template ${request.templateId} in this workspace`);
  requireQuota(scope.workspace);
  const { batch, created } = await deps.batches.createBatch({
    workspaceId: scope.workspace.id, templateId: request.templateId, templateVersion: template.version, webhookUrl, idempotencyKey, baseUrl: call.baseUrl, items: request.items,
  }, deps.now());
  // the batch as stored: read before queueing, which may start items at once (in-process queue)
  const dto = batchDto(batch, await deps.batches.batchSummary(batch), call.baseUrl);
  // a retry sends the items still pending again: harmless if queued, and repairs a request that
  // stopped (its process killed) between storing the batch and queueing all of it
  await queueBatch(deps, batch, created);
  return { status: 202, body: dto, headers: { location: dto.status_url } };
}

/** `GET /v1/pdf-batches/{id}?limit=&cursor=`: the whole counts, and one page of items (all of them by default). */
async function batchStatus(deps: BulkApiDeps, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const batch = await deps.batches.getBatch(scope.workspace.id, (call.params[0] ?? '').toLowerCase());
  if (batch === undefined) throw new ServiceError('not_found', 'no such batch in this workspace');
  const page = itemPageOf(new URL(call.request.url).searchParams, batch.jobIds.length);
  const [summary, jobs] = await Promise.all([deps.batches.batchSummary(batch), deps.batches.batchJobs(batch, page)]);
  const end = page.offset + page.limit;
  return {
    status: 200,
    body: {
      ...batchDto(batch, summary, call.baseUrl),
      items: jobs.map((job) => jobDto(deps.signer, call.baseUrl, job)),
      next_cursor: end < batch.jobIds.length ? String(end) : null,
    },
  };
}

/** `limit` 1..1,000 (default: every item); `cursor` the `next_cursor` of the page before (default: the first item). */
function itemPageOf(query: URLSearchParams, total: number): ItemPage {
  const limit = query.get('limit');
  const cursor = query.get('cursor');
  if (limit !== null && !(/^[0-9]{1,4}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_BATCH_ITEMS)) {
    throw new ServiceError('validation_error', `limit must be an integer from 1 to ${MAX_BATCH_ITEMS}`);
  }
  if (cursor !== null && !(/^[0-9]{1,4}$/.test(cursor) && Number(cursor) <= total)) {
    throw new ServiceError('validation_error', 'cursor: not a next_cursor of this batch');
  }
  return { offset: cursor === null ? 0 : Number(cursor), limit: limit === null ? MAX_BATCH_ITEMS : Number(limit) };
}
