/**
 * Webhooks over real HTTP on 127.0.0.1 (in-process queue, memory storage): signed as Standard
 * Webhooks say, sent on success and on failure, retried with backoff after a failed attempt,
 * every attempt listed; the secret shown once; private addresses refused unless allowed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AsyncJobs } from '../../src/service/main/jobs-setup.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { isBlockedAddress } from '../../src/net/address.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import type { TestService } from './helpers/service.js';
import { expectError, generateBody, startTestService, template, tenant } from './helpers/service.js';
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

async function start() {
  receiver = await startWebhookReceiver();
  const storage = createMemoryStorage();
  const fake = fakeRenderer();
  jobs = await startJobs({
    storage, renderPdf: fake.renderPdf, concurrency: 2, linkTtlSeconds: 600, abandonAfterSeconds: 60,
    allowedWebhookOrigins: [receiver.origin], webhookAttempts: 3, webhookRetryDelaySeconds: 0.2,
  });
  service = await startTestService({ storage, renderPdf: fake.renderPdf, extensions: jobs.extensions });
  const { workspace, apiKey } = await tenant(storage, 'acme', 10);
  const t = await template(storage, fake.renderPdf, workspace, 'T');
  const call = (path: string, init: RequestInit = {}) => fetch(`${service!.url}/v1${path}`, {
    ...init, headers: { apikey: apiKey, 'content-type': 'application/json', ...init.headers as Record<string, string> },
  });
  return { storage, workspace, apiKey, templateId: t.id, call, receiver };
}

async function until<T>(what: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = what();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('webhooks', () => {
  it('the workspace default URL gets signed success and failure events; the secret is shown once', async () => {
    const { call, templateId, receiver } = await start();
    const put = await call('/webhook-settings', { method: 'PUT', body: JSON.stringify({ url: `${receiver.origin}/hooks` }) });
    const settings = (await put.json()) as { url: string; has_secret: boolean; secret?: string };
    expect(settings).toMatchObject({ url: `${receiver.origin}/hooks`, has_secret: true, secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    receiver.secret = settings.secret;
    const again = (await (await call('/webhook-settings', { method: 'PUT', body: JSON.stringify({ url: `${receiver.origin}/hooks` }) })).json()) as object;
    expect(again).not.toHaveProperty('secret');
    expect(await (await call('/webhook-settings')).json()).toEqual({ url: `${receiver.origin}/hooks`, has_secret: true });

    const ok = (await (await call('/pdfs', { method: 'POST', headers: { prefer: 'respond-async' }, body: generateBody(templateId) })).json()) as { id: string };
    const bad = (await (await call('/pdfs', { method: 'POST', headers: { prefer: 'respond-async' }, body: generateBody(templateId, { payload: { fail: 'render' } }) })).json()) as { id: string };
    await until(() => (receiver.received.length >= 2 ? true : undefined));
    const byJob = new Map(receiver.received.map((r) => [r.json.data.id, r]));
    expect(byJob.get(ok.id)).toMatchObject({ id: ok.id, verified: true, json: { type: 'pdf.succeeded', data: { status: 'success' } } });
    expect((byJob.get(ok.id)!.json.data as unknown as { data: { download_url: string } }).data.download_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/pdfs\//);
    expect(byJob.get(bad.id)).toMatchObject({ verified: true, json: { type: 'pdf.failed', data: { status: 'failure', error: { error_code: 'render_error' } } } });
    expect(Math.abs(byJob.get(ok.id)!.timestamp - Date.now() / 1000)).toBeLessThan(30);

    const rotated = (await (await call('/webhook-settings/rotate-secret', { method: 'POST' })).json()) as { secret: string };
    expect(rotated.secret).not.toBe(settings.secret);
  });

  it('a request\'s own webhook_url; a failed attempt is retried with backoff and every attempt listed', async () => {
    const { call, templateId, receiver } = await start();
    receiver.secret = ((await (await call('/webhook-settings/rotate-secret', { method: 'POST' })).json()) as { secret: string }).secret;
    receiver.failNext(1, 503);
    const job = (await (await call('/pdfs', {
      method: 'POST', headers: { prefer: 'respond-async' }, body: generateBody(templateId, { webhook_url: `${receiver.origin}/mine` }),
    })).json()) as { id: string };
    await until(() => receiver.received.find((r) => r.json.data.id === job.id));
    const deliveries = (await (await call(`/webhook-deliveries?job_id=${job.id}`)).json()) as { status: string; attempts: { status_code: number; error: string | null }[] }[];
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: [{ status_code: 503 }, { status_code: 204, error: null }] });
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('gives up after the last attempt and records why', async () => {
    const { call, templateId, receiver } = await start();
    await call('/webhook-settings/rotate-secret', { method: 'POST' });
    receiver.failNext(10, 500);
    const job = (await (await call('/pdfs', {
      method: 'POST', headers: { prefer: 'respond-async' }, body: generateBody(templateId, { webhook_url: `${receiver.origin}/x` }),
    })).json()) as { id: string };
    const listed = await (async () => {
      for (let i = 0; i < 200; i++) {
        const d = (await (await call(`/webhook-deliveries?job_id=${job.id}`)).json()) as { status: string; attempts: unknown[] }[];
        if (d[0]?.status === 'failed') return d[0];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('never failed');
    })();
    expect(listed.attempts).toHaveLength(3);
  });

  it('refuses private, loopback and other reserved targets unless the operator allowed the origin', async () => {
    const { call, templateId } = await start();
    for (const url of ['http://127.0.0.2:9/', 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]/', 'ftp://x/']) {
      await expectError(await call('/pdfs', { method: 'POST', headers: { prefer: 'respond-async' }, body: generateBody(templateId, { webhook_url: url }) }), 400, 'validation_error');
    }
    await expectError(await call('/webhook-settings', { method: 'PUT', body: JSON.stringify({ url: 'http://192.168.1.1/' }) }), 400, 'validation_error');
    for (const address of ['100.64.0.1', '224.0.0.1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '172.31.255.255', '0.0.0.0']) expect(isBlockedAddress(address)).toBe(true);
    for (const address of ['93.184.216.34', '2606:4700::1111', '8.8.8.8']) expect(isBlockedAddress(address)).toBe(false);
  });
});
