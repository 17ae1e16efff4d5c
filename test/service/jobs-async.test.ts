/**
 * Asynchronous generation over a real socket with memory storage and the in-process queue
 * (issue 30): 202 with a job and its status URL, `pending → generating → success | failure`,
 * the download link on success, a typed error on failure, Idempotency-Key, workspace isolation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AsyncJobs } from '../../src/service/main/jobs-setup.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import type { TestService } from './helpers/service.js';
import { expectError, generateBody, startTestService, template, tenant } from './helpers/service.js';

let service: TestService | undefined;
let jobs: AsyncJobs | undefined;
afterEach(async () => {
  await jobs?.close();
  await service?.close();
  service = jobs = undefined;
});

async function start(renderDelayMs = 0) {
  const storage = createMemoryStorage();
  const fake = fakeRenderer(renderDelayMs);
  jobs = await startJobs({ storage, renderPdf: fake.renderPdf, concurrency: 2, linkTtlSeconds: 600, abandonAfterSeconds: 60 });
  service = await startTestService({ storage, renderPdf: fake.renderPdf, extensions: jobs.extensions });
  const { workspace, apiKey } = await tenant(storage, 'acme', 10);
  const t = await template(storage, fake.renderPdf, workspace, 'T');
  return { storage, workspace, apiKey, templateId: t.id, url: service.url };
}

interface Job {
  id: string; status: string; status_url: string; reference_id: string; attempts: number;
  finished_at: string | null; data?: { download_url: string; expires: string; created_at: string }; error?: { error_code: string; message: string };
}

const submit = (url: string, apiKey: string, body: string, headers: Record<string, string> = { prefer: 'respond-async' }) =>
  fetch(`${url}/v1/pdfs`, { method: 'POST', body, headers: { 'content-type': 'application/json', apikey: apiKey, ...headers } });

async function finished(statusUrl: string, apiKey: string): Promise<Job> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const job = (await (await fetch(statusUrl, { headers: { apikey: apiKey } })).json()) as Job;
    if (job.status === 'success' || job.status === 'failure') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${statusUrl} did not finish`);
}

describe('asynchronous generation (in-process queue)', () => {
  it('answers 202 with a pending job, which ends in success with a working download link', async () => {
    const { storage, workspace, apiKey, templateId, url } = await start(50);
    const response = await submit(url, apiKey, generateBody(templateId, { reference_id: 'order-1' }));
    expect(response.status).toBe(202);
    expect(response.headers.get('preference-applied')).toBe('respond-async');
    const job = (await response.json()) as Job;
    expect(job).toMatchObject({ status: 'pending', reference_id: 'order-1', attempts: 0, finished_at: null });
    expect(response.headers.get('location')).toBe(job.status_url);
    expect(job.status_url).toBe(`${url}/v1/pdf-jobs/${job.id}`);
    const done = await finished(job.status_url, apiKey);
    expect(done).toMatchObject({ status: 'success', attempts: 1 });
    // the link's lifetime counts from the completion
    expect(Date.parse(done.data!.expires) - Date.parse(done.finished_at!)).toBe(600_000);
    expect(done.data!.created_at).toBe(done.finished_at);
    const pdf = await fetch(done.data!.download_url);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await storage.getWorkspace(workspace.id))?.remainingQuota).toBe(9);
    expect(await storage.countDocuments(workspace.id)).toBe(1);
  });

  it('is also asked for with "async": true; a template error ends the job as a typed failure that costs nothing', async () => {
    const { storage, workspace, apiKey, templateId, url } = await start();
    const response = await submit(url, apiKey, generateBody(templateId, { async: true, payload: { fail: 'template' } }), {});
    expect(response.status).toBe(202);
    const done = await finished(((await response.json()) as Job).status_url, apiKey);
    expect(done.status).toBe('failure');
    expect(done.error).toMatchObject({ error_code: 'template_error', message: expect.stringContaining('Parse error') });
    expect(done.data).toBeUndefined();
    expect((await storage.getWorkspace(workspace.id))?.remainingQuota).toBe(10);
  });

  it('an unexpected render error is retried, then ends as a typed failure without internals', async () => {
    const { apiKey, templateId, url } = await start();
    const response = await submit(url, apiKey, generateBody(templateId, { payload: { fail: 'crash' } }));
    const done = await finished(((await response.json()) as Job).status_url, apiKey);
    expect(done).toMatchObject({ status: 'failure', attempts: 3, error: { error_code: 'render_error' } });
    expect(done.error!.message).not.toMatch(/internal detail/);
  }, 20_000);

  it('Idempotency-Key: a retried request answers the same job, and one document is made', async () => {
    const { storage, workspace, apiKey, templateId, url } = await start(30);
    const body = generateBody(templateId);
    const answers = await Promise.all([1, 2, 3].map(() => submit(url, apiKey, body, { prefer: 'respond-async', 'idempotency-key': 'k-1' })));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Job).id)));
    expect(ids.size).toBe(1);
    const again = (await (await submit(url, apiKey, body, { prefer: 'respond-async', 'idempotency-key': 'k-1' })).json()) as Job;
    await finished(again.status_url, apiKey);
    const other = (await (await submit(url, apiKey, body, { prefer: 'respond-async', 'idempotency-key': 'k-2' })).json()) as Job;
    expect(other.id).not.toBe(again.id);
    await finished(other.status_url, apiKey);
    expect(await storage.countDocuments(workspace.id)).toBe(2);
    await expectError(await submit(url, apiKey, body, { prefer: 'respond-async', 'idempotency-key': 'x'.repeat(256) }), 400, 'validation_error');
  });

  it('refuses at once what cannot succeed, and hides a job from other workspaces', async () => {
    const { storage, apiKey, templateId, url } = await start();
    await expectError(await submit(url, apiKey, generateBody('00000000-0000-4000-8000-000000000000')), 404, 'not_found');
    await expectError(await submit(url, apiKey, generateBody(templateId, { webhook_url: 'ftp://example.test/' })), 400, 'validation_error');
    const job = (await (await submit(url, apiKey, generateBody(templateId))).json()) as Job;
    const stranger = await tenant(storage, 'other', 0);
    await expectError(await fetch(job.status_url, { headers: { apikey: stranger.apiKey } }), 404, 'not_found');
    await expectError(await submit(url, stranger.apiKey, generateBody(templateId)), 404, 'not_found');
    await expectError(await fetch(`${url}/v1/pdf-jobs/not-a-uuid`, { headers: { apikey: apiKey } }), 404, 'not_found');
    await expectError(await fetch(job.status_url), 401, 'missing_api_key');
  });

  it('the OpenAPI document describes the new endpoints, and each of its references resolves', async () => {
    const { url } = await start();
    const text = await (await fetch(`${url}/v1/openapi.json`)).text();
    const doc = JSON.parse(text) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
    expect(doc.paths['/v1/pdf-jobs/{id}']?.['get']?.operationId).toBe('GetPdfJob');
    expect(doc.paths['/v1/pdfs']?.['post']?.responses['202']).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/webhook-settings', '/v1/webhook-settings/rotate-secret', '/v1/webhook-deliveries']));
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)) expect(doc.components.schemas).toHaveProperty(name!);
  });

  it('the synchronous generate is unchanged beside it', async () => {
    const { apiKey, templateId, url } = await start();
    const response = await submit(url, apiKey, generateBody(templateId), {});
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('success');
  });
});
