/**
 * Asynchronous generation across machines-in-miniature (issue 30): two `octavo serve --no-render`
 * API processes and three `octavo worker` processes on one real PostgreSQL (127.0.0.1), a local
 * webhook receiver. Jobs are submitted with Idempotency-Keys to both APIs; one API process and one
 * worker are killed with SIGKILL mid-run and restarted. Every job must end exactly once as success
 * or a typed failure, quota used must equal documents stored, and every job's webhook must arrive
 * (signature verified), failures included. Two bulk batches go through the same fleet (one
 * submitted before the kills, one between them): each item ends once, and each batch's one
 * `batch.completed` webhook arrives and verifies. Counts by env: OCTAVO_FLEET_JOBS (default 60),
 * OCTAVO_FLEET_BATCH (items per batch, default 40).
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { addTemplate, createWorkspace } from '../../src/service/operations.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { startServeProcess } from './helpers/serve-process.js';
import type { WebhookReceiver } from './helpers/webhook-receiver.js';
import { startWebhookReceiver } from './helpers/webhook-receiver.js';
import { startWorkerProcess } from './helpers/worker-process.js';

const JOBS = Number(process.env['OCTAVO_FLEET_JOBS'] ?? 60);
const BATCH = Number(process.env['OCTAVO_FLEET_BATCH'] ?? 40);
/** Waits grow with the count (the full 500 is run by hand: OCTAVO_FLEET_JOBS=500). */
const BUDGET_MS = 120_000 + (JOBS + 2 * BATCH) * 1000;
/** Every FAILING-th job uses a template that fails at render time: its failure must be announced too. */
const FAILING = 10;

const children: { crash(): void }[] = [];
let receiver: WebhookReceiver | undefined;
afterAll(async () => {
  for (const child of children) child.crash();
  await receiver?.close();
  stopCluster();
});

const queueFlags = ['--queue-poll-interval', '0.5', '--queue-maintenance-interval', '1', '--job-abandon-after', '8', '--webhook-retry-delay', '1'];

async function api(databaseUrl: string, origin: string): Promise<ServeProcess> {
  const p = await startServeProcess(['--storage', 'postgres', '--database-url', databaseUrl, '--no-render', '--workers', '1', '--allow-webhook', origin, ...queueFlags]);
  children.push(p);
  return p;
}

async function worker(databaseUrl: string, origin: string) {
  const p = await startWorkerProcess(['--database-url', databaseUrl, '--workers', '1', '--allow-webhook', origin, ...queueFlags]);
  children.push(p);
  return p;
}

/** Submits job n to the first API that answers; a killed API's request is retried elsewhere with the same key. */
async function submit(urls: () => string[], apiKey: string, templateId: string, n: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const url = urls()[(n + attempt) % urls().length]!;
    try {
      const response = await fetch(`${url}/v1/pdfs`, {
        method: 'POST',
        headers: { apikey: apiKey, 'content-type': 'application/json', prefer: 'respond-async', 'idempotency-key': `job-${n}`, connection: 'close' },
        body: JSON.stringify({ template_id: templateId, payload: { n } }),
      });
      if (response.status === 202) return ((await response.json()) as { id: string }).id;
    } catch { /* the process died under the request: try the other one */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${n} could not be submitted`);
}

/** Submits batch k (BATCH items) like `submit`: a killed API's request is retried with the same key. */
async function submitBatch(urls: () => string[], apiKey: string, templateId: string, k: number): Promise<string> {
  const items = Array.from({ length: BATCH }, (_, i) => ({ payload: { n: `${k}.${i}` } }));
  for (let attempt = 0; attempt < 20; attempt++) {
    const url = urls()[(k + attempt) % urls().length]!;
    try {
      const response = await fetch(`${url}/v1/pdf-batches`, {
        method: 'POST',
        headers: { apikey: apiKey, 'content-type': 'application/json', 'idempotency-key': `batch-${k}`, connection: 'close' },
        body: JSON.stringify({ template_id: templateId, items }),
      });
      if (response.status === 202) return ((await response.json()) as { id: string }).id;
    } catch { /* the process died under the request: try the other one */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`batch ${k} could not be submitted`);
}

async function waitFor(what: () => Promise<boolean>, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await what()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${label}`);
}

describe.skipIf(!postgresAvailable && !inCi)('two API processes and three workers on one PostgreSQL', () => {
  it(`${JOBS} asynchronous jobs survive SIGKILL of a worker and an API process; each ends once, each is announced`, async () => {
    const started = Date.now();
    const databaseUrl = await freshDatabase('octavo_fleet');
    receiver = await startWebhookReceiver();
    const storage = await createPostgresStorage({ connectionString: databaseUrl });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const quota = JOBS * 2 + 2 * BATCH;
      const { apiKey, workspace } = await createWorkspace(storage, { name: 'fleet', quota });
      const fake = fakeRenderer().renderPdf;
      const good = (await addTemplate(storage, fake, { workspaceName: 'fleet', name: 'ok', html: '<p>Document {{n}}</p>' })).template;
      const bad = (await addTemplate(storage, fake, { workspaceName: 'fleet', name: 'bad', html: '<p>{{> missing}}</p>' })).template;
      const apis = [await api(databaseUrl, receiver.origin), await api(databaseUrl, receiver.origin)];
      const workers = [await worker(databaseUrl, receiver.origin), await worker(databaseUrl, receiver.origin), await worker(databaseUrl, receiver.origin)];
      const settings = await fetch(`${apis[0]!.url}/v1/webhook-settings`, {
        method: 'PUT', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${receiver.origin}/hooks` }),
      });
      receiver.secret = ((await settings.json()) as { secret: string }).secret;
      let urls = apis.map((a) => a.url);

      const ids: string[] = [];
      const batchIds = [await submitBatch(() => urls, apiKey, good.id, 0)];
      for (let n = 0; n < JOBS; n++) {
        if (n === Math.floor(JOBS / 3)) { apis[0]!.crash(); urls = [apis[1]!.url]; batchIds.push(await submitBatch(() => urls, apiKey, good.id, 1)); }
        if (n === Math.floor(JOBS / 2)) workers[0]!.crash();
        ids.push(await submit(() => urls, apiKey, n % FAILING === 0 ? bad.id : good.id, n));
      }
      expect(new Set(ids).size).toBe(JOBS);
      await workers[0]!.exited;
      workers[0] = await worker(databaseUrl, receiver.origin);
      apis[0] = await api(databaseUrl, receiver.origin);

      await waitFor(async () => Number((await db.query(`SELECT count(*) AS n FROM generation_jobs WHERE finished IS NULL`)).rows[0].n) === 0, BUDGET_MS, 'every job to finish');
      const rows = (await db.query<{ id: string; state: string; error_code: string | null; template_id: string; attempts: number; batch_id: string | null }>(
        `SELECT id, state, error_code, template_id, attempts, batch_id FROM generation_jobs`)).rows;
      expect(rows).toHaveLength(JOBS + 2 * BATCH);
      for (const batchId of batchIds) expect(rows.filter((r) => r.batch_id === batchId)).toHaveLength(BATCH);
      for (const row of rows) {
        if (row.template_id === bad.id) expect({ state: row.state, code: row.error_code }).toEqual({ state: 'failure', code: 'template_error' });
        else expect(row.state).toBe('success');
      }
      const successes = rows.filter((r) => r.state === 'success').length;
      const documents = await storage.countDocuments(workspace.id);
      const used = quota - (await storage.getWorkspace(workspace.id))!.remainingQuota;
      expect({ documents, used }).toEqual({ documents: successes, used: successes });

      await waitFor(async () => new Set(receiver!.received.map((r) => r.json.data.id)).size === JOBS + 2, 60_000, 'every webhook');
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      const state = new Map(rows.map((r) => [r.id, r.state]));
      for (const hook of receiver.received) {
        expect(hook.id).toBe(hook.json.data.id);
        if (batchIds.includes(hook.id)) {
          // a batch's items have no webhook of their own: one for the batch, with its counts
          expect(hook.json).toMatchObject({ type: 'batch.completed', data: { status: 'completed', total: BATCH, counts: { succeeded: BATCH, failed: 0 } } });
        } else {
          expect(hook.json.type).toBe(state.get(hook.json.data.id) === 'success' ? 'pdf.succeeded' : 'pdf.failed');
          expect(hook.json.data['batch_id']).toBeNull();
        }
      }
      console.log(`fleet: ${JOBS} jobs and 2 batches of ${BATCH} (${successes} documents, ${rows.length - successes} failures, ${receiver.received.length} webhook requests, ${rows.filter((r) => r.attempts > 1).length} jobs run more than once) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await db.end();
      await storage.close();
    }
  }, BUDGET_MS + 120_000);
});
