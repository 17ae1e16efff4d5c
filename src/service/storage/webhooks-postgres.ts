/** The webhook store (records/webhooks.ts) on PostgreSQL, shared by every API process and worker. */
import type { DeliveryAttempt, DeliveryState, WebhookDelivery, WebhookEndpoint, WebhookStore } from '../records/webhooks.js';
import { isUuid } from './types.js';
import { createPgPool } from './postgres.js';

export function createPostgresWebhookStore(connectionString: string): WebhookStore {
  const pool = createPgPool(connectionString, 2);
  return {
    getEndpoint: async (workspaceId) => !isUuid(workspaceId) ? undefined : endpointOf((await pool.query<EndpointRow>(
      `SELECT * FROM webhook_endpoints WHERE workspace_id = $1`, [workspaceId])).rows[0]),
    setEndpointUrl: async (workspaceId, url, newSecret) => {
      // xmax = 0 only for a freshly inserted row: the secret was made now, so it is shown
      const row = (await pool.query<EndpointRow & { inserted: boolean }>(
        `INSERT INTO webhook_endpoints (workspace_id, url, secret) VALUES ($1, $2, $3)
         ON CONFLICT (workspace_id) DO UPDATE SET url = EXCLUDED.url RETURNING *, (xmax = 0) AS inserted`,
        [workspaceId, url, newSecret])).rows[0]!;
      return { endpoint: endpointOf(row)!, secretCreated: row.inserted };
    },
    rotateSecret: async (workspaceId, newSecret) => endpointOf((await pool.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (workspace_id, url, secret) VALUES ($1, NULL, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET secret = EXCLUDED.secret RETURNING *`, [workspaceId, newSecret])).rows[0])!,
    createDelivery: async (input, now) => ((await pool.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, job_id, batch_id, event, url, payload, state, created)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8) ON CONFLICT (id) DO NOTHING`,
      [input.id, input.workspaceId, input.jobId, input.batchId, input.event, input.url, input.payload, now])).rowCount ?? 0) > 0,
    getDelivery: async (id) => !isUuid(id) ? undefined : deliveryOf((await pool.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE id = $1`, [id])).rows[0]),
    recordAttempt: async (id, attempt: DeliveryAttempt, state: DeliveryState) => {
      await pool.query(`UPDATE webhook_deliveries SET state = $2, attempts = attempts || $3::jsonb WHERE id = $1`,
        [id, state, JSON.stringify([{ ...attempt, at: attempt.at.toISOString() }])]);
    },
    listDeliveries: async (workspaceId, filter, limit) => (await pool.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE workspace_id = $1 AND ($2::uuid IS NULL OR job_id = $2) AND ($3::uuid IS NULL OR batch_id = $3)
       ORDER BY created DESC LIMIT $4`, [workspaceId, filter.jobId ?? null, filter.batchId ?? null, limit])).rows.map((row) => deliveryOf(row)!),
    close: () => pool.end(),
  };
}

interface EndpointRow { workspace_id: string; url: string | null; secret: string; created: Date }

function endpointOf(row: EndpointRow | undefined): WebhookEndpoint | undefined {
  return row === undefined ? undefined : { workspaceId: row.workspace_id, url: row.url, secret: row.secret, created: row.created };
}

interface DeliveryRow {
  id: string; workspace_id: string; job_id: string | null; batch_id: string | null; event: string; url: string; payload: string;
  state: DeliveryState; created: Date; attempts: (Omit<DeliveryAttempt, 'at'> & { at: string })[];
}

function deliveryOf(row: DeliveryRow | undefined): WebhookDelivery | undefined {
  if (row === undefined) return undefined;
  return {
    id: row.id, workspaceId: row.workspace_id, jobId: row.job_id, batchId: row.batch_id, event: row.event, url: row.url,
    payload: row.payload, state: row.state, created: row.created,
    attempts: row.attempts.map((a) => ({ ...a, at: new Date(a.at) })),
  };
}
