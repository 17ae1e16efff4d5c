/**
 * Bulk generation over real HTTP on 127.0.0.1 (issue 30), with memory storage (in-process queue)
 * and with a real PostgreSQL (pg-boss): a batch of up to 1,000 items answers 202, its status counts
 * and lists every item's job, quota is taken per document (items past it fail `quota_exceeded`,
 * documents stored = quota used), one signed `batch.completed` webhook and no per-item webhooks,
 * typed refusals with the item's location, Idempotency-Key, and workspace isolation.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AsyncJobs } from '../../src/service/main/jobs-setup.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import type { Storage } from '../../src/service/storage/types.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import type { TestService } from './helpers/service.js';
import { expectError, startTestService, template, tenant } from './helpers/service.js';
import type { WebhookReceiver } from './helpers/webhook-receiver.js';
import { startWebhookReceiver } from './helpers/webhook-receiver.js';

let service: TestService | undefined;
let jobs: AsyncJobs | undefined;
let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await jobs?.close();
  await service?.close();
  await receiver?.close();
  service = jobs = receiver = undefined;
});
afterAll(() => { stopCluster(); });

interface Counts { pending: number; generating: number; succeeded: number; failed: number }
interface Item { id: string; status: string; reference_id: string; batch_id: string; data?: { download_url: string }; error?: { error_code: string } }
interface Batch { id: string; status: string; total: number; counts: Counts; status_url: string; finished_at: string | null; items?: Item[]; next_cursor?: string | null }

interface Backend { readonly name: string; readonly open: () => Promise<{ storage: Storage; databaseUrl?: string }> }
const BACKENDS: Backend[] = [{ name: 'memory', open: async () => ({ storage: createMemoryStorage() }) }];
if (postgresAvailable || inCi) {
  BACKENDS.push({
    name: 'postgres',
    open: async () => {
      const databaseUrl = await freshDatabase('octavo_bulk');
      return { storage: await createPostgresStorage({ connectionString: databaseUrl }), databaseUrl };
    },
  });
}

async function start(backend: Backend, quota: number) {
  receiver = await startWebhookReceiver();
  const { storage, databaseUrl } = await backend.open();
  const fake = fakeRenderer();
  jobs = await startJobs({
    storage, renderPdf: fake.renderPdf, concurrency: 2, linkTtlSeconds: 600, abandonAfterSeconds: 60,
    allowedWebhookOrigins: [receiver.origin], webhookAttempts: 3, webhookRetryDelaySeconds: 1, requeueAfterSeconds: 0,
    ...(databaseUrl === undefined ? {} : { databaseUrl, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }),
  });
  service = await startTestService({ storage, renderPdf: fake.renderPdf, extensions: jobs.extensions });
  const { workspace, apiKey } = await tenant(storage, 'acme', quota);
  const t = await template(storage, fake.renderPdf, workspace, 'T');
  const call = (path: string, init: RequestInit = {}, key = apiKey) => fetch(`${service!.url}/v1${path}`, {
    ...init, headers: { apikey: key, 'content-type': 'application/json', ...init.headers as Record<string, string> },
  });
  const submit = (body: unknown, headers: Record<string, string> = {}) => call('/pdf-batches', { method: 'POST', body: JSON.stringify(body), headers });
  return { storage, workspace, apiKey, templateId: t.id, call, submit, receiver, jobs };
}

async function ended(call: (path: string) => Promise<Response>, id: string, timeoutMs = 60_000): Promise<Batch> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const batch = (await (await call(`/pdf-batches/${id}`)).json()) as Batch;
    if (batch.status === 'completed') return batch;
    // a status read lists every item (1,000 signed links): not read more often than the renders need
    await new Promise((resolve) => setTimeout(resolve, batch.total > 100 ? 1000 : 50));
  }
  throw new Error(`batch ${id} did not end`);
}

async function until(what: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ payload: { title: `Doc ${i}` }, reference_id: `ref-${i}` }));

for (const backend of BACKENDS) {
  describe(`bulk generation (${backend.name})`, () => {
    it('a batch past the quota: items fail quota_exceeded, documents = quota used, one signed batch webhook, none per item', async () => {
      const { storage, workspace, templateId, call, submit, receiver } = await start(backend, 5);
      // a workspace default URL: batch items must still not be announced one by one
      const put = await call('/webhook-settings', { method: 'PUT', body: JSON.stringify({ url: `${receiver.origin}/default` }) });
      receiver.secret = ((await put.json()) as { secret: string }).secret;
      const response = await submit({ template_id: templateId, items: items(8), webhook_url: `${receiver.origin}/batch` });
      expect(response.status).toBe(202);
      const accepted = (await response.json()) as Batch;
      expect(response.headers.get('location')).toBe(accepted.status_url);
      expect(accepted).toMatchObject({ total: 8, counts: { pending: 8, generating: 0, succeeded: 0, failed: 0 }, finished_at: null });
      const done = await ended(call, accepted.id);
      expect(done.counts).toEqual({ pending: 0, generating: 0, succeeded: 5, failed: 3 });
      expect(done.items!.map((item) => item.reference_id)).toEqual(items(8).map((item) => item.reference_id));
      expect(done.items!.filter((item) => item.status === 'failure').every((item) => item.error?.error_code === 'quota_exceeded')).toBe(true);
      expect(done.items!.every((item) => item.batch_id === accepted.id)).toBe(true);
      const link = done.items!.find((item) => item.status === 'success')!.data!.download_url;
      expect((await fetch(link)).status).toBe(200);
      expect(await storage.countDocuments(workspace.id)).toBe(5);
      expect((await storage.getWorkspace(workspace.id))?.remainingQuota).toBe(0);

      await until(() => receiver.received.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 300)); // room for a wrong second webhook to arrive
      expect(receiver.received).toHaveLength(1);
      const hook = receiver.received[0]!;
      expect(hook.verified).toBe(true);
      expect(hook.id).toBe(accepted.id);
      expect(hook.json).toMatchObject({ type: 'batch.completed', data: { id: accepted.id, status: 'completed', total: 8, counts: done.counts } });
      const deliveries = (await (await call(`/webhook-deliveries?batch_id=${accepted.id}`)).json()) as { event: string; status: string }[];
      expect(deliveries).toEqual([expect.objectContaining({ event: 'batch.completed', status: 'delivered' })]);
    }, 90_000);

    it('takes 1,000 items, refuses 1,001; refusals are typed with the item location', async () => {
      const { templateId, call, submit } = await start(backend, 2000);
      await expectError(await submit({ template_id: templateId, items: items(1001) }), 400, 'validation_error');
      const bad = items(20) as unknown[];
      bad[17] = { payload: '{"not json' };
      const refused = await expectError(await submit({ template_id: templateId, items: bad }), 400, 'validation_error');
      expect(refused['message']).toMatch(/^items\[17\]\.payload: /);
      bad[17] = { payload: {}, reference_id: 42 };
      expect((await expectError(await submit({ template_id: templateId, items: bad }), 400, 'validation_error'))['message']).toMatch(/^items\[17\]\.reference_id: /);
      bad[17] = 'text';
      expect((await expectError(await submit({ template_id: templateId, items: bad }), 400, 'validation_error'))['message']).toMatch(/^items\[17\]: /);
      await expectError(await submit({ template_id: templateId, items: [] }), 400, 'validation_error');
      await expectError(await submit({ template_id: templateId }), 400, 'validation_error');
      await expectError(await submit({ template_id: '00000000-0000-4000-8000-000000000000', items: items(1) }), 404, 'not_found');

      const started = Date.now();
      const response = await submit({ template_id: templateId, items: items(1000) });
      expect(response.status).toBe(202);
      const done = await ended(call, ((await response.json()) as Batch).id, 240_000);
      expect(done.counts).toEqual({ pending: 0, generating: 0, succeeded: 1000, failed: 0 });
      expect(new Set(done.items!.map((item) => item.id)).size).toBe(1000);
      console.log(`bulk (${backend.name}): 1,000 items to batch end in ${((Date.now() - started) / 1000).toFixed(1)} s (fake renderer, 2 at a time)`);
    }, 300_000);

    it('the status pages its items with limit and cursor; the counts are always whole', async () => {
      const { templateId, call, submit } = await start(backend, 10);
      const accepted = (await (await submit({ template_id: templateId, items: items(7) })).json()) as Batch;
      await ended(call, accepted.id);
      const seen: string[] = [];
      const cursors: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const page = (await (await call(`/pdf-batches/${accepted.id}?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`)).json()) as Batch;
        expect(page.counts).toEqual({ pending: 0, generating: 0, succeeded: 7, failed: 0 });
        expect(page.total).toBe(7);
        seen.push(...page.items!.map((item) => item.reference_id));
        cursor = page.next_cursor ?? null;
        cursors.push(cursor);
      } while (cursor !== null);
      expect(seen).toEqual(items(7).map((item) => item.reference_id));
      expect(cursors).toHaveLength(3);
      const whole = (await (await call(`/pdf-batches/${accepted.id}`)).json()) as Batch;
      expect({ items: whole.items!.length, next: whole.next_cursor }).toEqual({ items: 7, next: null });
      for (const query of ['limit=0', 'limit=1001', 'limit=x', 'cursor=8', 'cursor=abc', 'cursor=-1']) {
        await expectError(await call(`/pdf-batches/${accepted.id}?${query}`), 400, 'validation_error');
      }
    }, 60_000);

    it('a batch stored but never queued (its API process killed in between) is queued by the sweep and completes', async () => {
      const { storage, workspace, templateId, call, jobs: running } = await start(backend, 10);
      // the crash: the batch and its jobs are stored as a request stores them, and nothing is queued
      const { batch } = await running.batches.createBatch({
        workspaceId: workspace.id, templateId, templateVersion: 1, webhookUrl: null, idempotencyKey: null, baseUrl: service!.url,
        items: items(4).map((item) => ({ templateId, payload: item.payload, referenceId: item.reference_id, encryption: undefined })),
      }, new Date());
      await new Promise((resolve) => setTimeout(resolve, 1500)); // room for a wrong worker to take it
      expect(((await (await call(`/pdf-batches/${batch.id}`)).json()) as Batch).counts.pending).toBe(4);
      expect((await running.batches.unqueuedBatches(new Date())).map((cut) => cut.id)).toEqual([batch.id]);
      await running.cleanup();
      await running.cleanup(); // the sweep again: nothing found twice, nothing rendered twice
      expect(await running.batches.unqueuedBatches(new Date())).toEqual([]);
      const done = await ended(call, batch.id);
      expect(done.counts).toEqual({ pending: 0, generating: 0, succeeded: 4, failed: 0 });
      expect(await storage.countDocuments(workspace.id)).toBe(4);
      expect((await storage.getWorkspace(workspace.id))?.remainingQuota).toBe(6);
      // a batch submitted over HTTP is marked queued by its request: the sweep leaves it
      const submitted = (await (await call('/pdf-batches', { method: 'POST', body: JSON.stringify({ template_id: templateId, items: items(1) }) })).json()) as Batch;
      expect((await running.batches.unqueuedBatches(new Date())).map((cut) => cut.id)).not.toContain(submitted.id);
      await ended(call, submitted.id);
    }, 60_000);

    it('Idempotency-Key answers the same batch; another workspace sees no batch', async () => {
      const { storage, templateId, call, submit } = await start(backend, 10);
      const first = (await (await submit({ template_id: templateId, items: items(3) }, { 'idempotency-key': 'b-1' })).json()) as Batch;
      const again = (await (await submit({ template_id: templateId, items: items(3) }, { 'idempotency-key': 'b-1' })).json()) as Batch;
      expect(again.id).toBe(first.id);
      await ended(call, first.id);
      const other = await tenant(storage, 'other', 10);
      await expectError(await call(`/pdf-batches/${first.id}`, {}, other.apiKey), 404, 'not_found');
      await expectError(await call('/pdf-batches/not-a-uuid'), 404, 'not_found');
      // another workspace cannot use this workspace's template in a batch either
      await expectError(await call('/pdf-batches', { method: 'POST', body: JSON.stringify({ template_id: templateId, items: items(1) }) }, other.apiKey), 404, 'not_found');
    }, 60_000);
  });
}
