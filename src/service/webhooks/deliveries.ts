/**
 * Announcing finished jobs: `announcer` records one delivery per job (its id is the job's, so a
 * job announced twice — a run repeated after its worker died — is delivered once more at most,
 * never recorded twice) and queues it; `deliver` makes one attempt, records it, and throws while
 * attempts remain so the queue retries it with exponential backoff (pg-boss, or in process).
 */
import { isServiceError } from '../api/errors.js';
import type { LinkSigner } from '../links.js';
import { jobDto } from '../jobs/api.js';
import type { JobQueue, JobRecord } from '../records/jobs.js';
import { postWebhook } from './send.js';
import { webhookHeaders } from './signature.js';
import { resolveWebhookTarget } from './ssrf.js';
import type { AttemptResult } from './send.js';
import type { DeliveryState, NewDelivery, WebhookStore } from '../records/webhooks.js';

export const DEFAULT_WEBHOOK_ATTEMPTS = 8;
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookDeps {
  readonly store: WebhookStore;
  readonly queue: JobQueue;
  readonly signer: LinkSigner;
  readonly now: () => Date;
  /** Origins the operator allows despite a private address (`--allow-webhook`). */
  readonly allowedOrigins: ReadonlySet<string>;
  readonly maxAttempts: number;
  readonly timeoutMs: number;
}

/** The job's outcome to its webhook: the request's URL, else the workspace's default; none: nothing. */
export function announcer(deps: WebhookDeps): (job: JobRecord) => Promise<void> {
  return async (job) => {
    const url = job.webhookUrl ?? (await deps.store.getEndpoint(job.workspaceId))?.url ?? null;
    if (url === null || job.finished === null) return;
    const event = job.state === 'success' ? 'pdf.succeeded' : 'pdf.failed';
    await announce(deps, {
      id: job.id, workspaceId: job.workspaceId, jobId: job.id, batchId: job.batchId, event, url,
      payload: JSON.stringify({ type: event, timestamp: job.finished.toISOString(), data: jobDto(deps.signer, job.baseUrl, job) }),
    });
  };
}

/** Records the delivery (once per id) and queues it while it is pending. */
export async function announce(deps: WebhookDeps, delivery: NewDelivery): Promise<void> {
  const created = await deps.store.createDelivery(delivery, deps.now());
  if (created || (await deps.store.getDelivery(delivery.id))?.state === 'pending') await deps.queue.enqueue(delivery.id);
}

/** One attempt; throws (to be retried) while it failed and attempts remain. */
export async function deliver(deps: WebhookDeps, deliveryId: string): Promise<void> {
  const delivery = await deps.store.getDelivery(deliveryId);
  if (delivery === undefined || delivery.state !== 'pending') return;
  const endpoint = await deps.store.getEndpoint(delivery.workspaceId);
  const attempt = delivery.attempts.length + 1;
  const at = deps.now();
  const started = performance.now();
  let result: AttemptResult;
  if (endpoint === undefined) {
    result = { statusCode: null, error: 'the workspace has no webhook secret' };
  } else {
    try {
      const target = await resolveWebhookTarget(delivery.url, deps.allowedOrigins);
      result = await postWebhook(target, webhookHeaders(endpoint.secret, delivery.id, delivery.payload, at), delivery.payload, deps.timeoutMs);
    } catch (error) {
      result = { statusCode: null, error: isServiceError(error) ? error.message : String(error) };
    }
  }
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const state: DeliveryState = ok ? 'delivered' : attempt >= deps.maxAttempts || endpoint === undefined ? 'failed' : 'pending';
  const error = ok ? null : result.error ?? `the receiver answered ${result.statusCode}`;
  await deps.store.recordAttempt(deliveryId, { attempt, at, statusCode: result.statusCode, error, durationMs: Math.round(performance.now() - started) }, state);
  if (state === 'pending') throw new Error(`webhook delivery ${deliveryId} attempt ${attempt} failed: ${error}`);
}
