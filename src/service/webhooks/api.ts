/**
 * The HTTP side of webhooks: the workspace's default URL and secret (`/v1/webhook-settings`,
 * the secret shown once, when made or rotated), and the deliveries with their attempts
 * (`/v1/webhook-deliveries?job_id=…|batch_id=…`).
 */
import type { ApiCall, ApiExtension, ApiReply } from '../api-extension.js';
import { ServiceError } from '../api/errors.js';
import { isUuid } from '../storage/types.js';
import { generateWebhookSecret } from './signature.js';
import { resolveWebhookTarget } from './ssrf.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from '../records/webhooks.js';

const MAX_LISTED = 100;

export function webhooksExtension(store: WebhookStore, allowedOrigins: ReadonlySet<string>): ApiExtension {
  return {
    routes: [
      { pattern: /^\/webhook-settings$/, methods: { GET: (call) => getSettings(store, call), PUT: (call) => putSettings(store, allowedOrigins, call) } },
      { pattern: /^\/webhook-settings\/rotate-secret$/, methods: { POST: (call) => rotate(store, call) } },
      { pattern: /^\/webhook-deliveries$/, methods: { GET: (call) => listDeliveries(store, call) } },
    ],
  };
}

function settingsDto(endpoint: WebhookEndpoint | undefined, secret?: string) {
  return { url: endpoint?.url ?? null, has_secret: endpoint !== undefined, ...(secret === undefined ? {} : { secret }) };
}

async function getSettings(store: WebhookStore, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  return { status: 200, body: settingsDto(await store.getEndpoint(scope.workspace.id)) };
}

async function putSettings(store: WebhookStore, allowedOrigins: ReadonlySet<string>, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const body = await call.readJson();
  const url = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['url'] : undefined;
  if (url !== null && typeof url !== 'string') throw new ServiceError('validation_error', 'url must be an http(s) URL or null');
  if (url !== null) await resolveWebhookTarget(url, allowedOrigins);
  const { endpoint, secretCreated } = await store.setEndpointUrl(scope.workspace.id, url, generateWebhookSecret());
  return { status: 200, body: settingsDto(endpoint, secretCreated ? endpoint.secret : undefined) };
}

async function rotate(store: WebhookStore, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const endpoint = await store.rotateSecret(scope.workspace.id, generateWebhookSecret());
  return { status: 200, body: settingsDto(endpoint, endpoint.secret) };
}

async function listDeliveries(store: WebhookStore, call: ApiCall): Promise<ApiReply> {
  const scope = await call.authenticate();
  const filter: { jobId?: string; batchId?: string } = {};
  for (const [param, key] of [['job_id', 'jobId'], ['batch_id', 'batchId']] as const) {
    const value = call.url.searchParams.get(param);
    if (value === null) continue;
    if (!isUuid(value)) throw new ServiceError('validation_error', `${param} must be a uuid`);
    filter[key] = value.toLowerCase();
  }
  const deliveries = await store.listDeliveries(scope.workspace.id, filter, MAX_LISTED);
  return { status: 200, body: deliveries.map(deliveryDto) };
}

function deliveryDto(delivery: WebhookDelivery) {
  return {
    id: delivery.id, event: delivery.event, url: delivery.url, status: delivery.state, job_id: delivery.jobId, batch_id: delivery.batchId,
    created_at: delivery.created.toISOString(),
    attempts: delivery.attempts.map((a) => ({
      attempt: a.attempt, at: a.at.toISOString(), status_code: a.statusCode, error: a.error, duration_ms: a.durationMs,
    })),
  };
}
