/** Quota under concurrency, paging edges and expiring links, over a real socket (docs/design.md §1.4). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import type { TestService } from './helpers/service.js';
import { expectError, generateBody, startTestService, template, tenant } from './helpers/service.js';

let service: TestService | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const post = (url: string, body: string, apikey: string) =>
  fetch(`${url}/v1/pdfs`, { method: 'POST', body, headers: { 'content-type': 'application/json', apikey } });

describe('quota', () => {
  for (const kind of ['memory', 'fs'] as const) {
    it(`50 parallel generates against a quota of 20: exactly 20 succeed (${kind})`, async () => {
      if (kind === 'fs') dataDir = await mkdtemp(join(tmpdir(), 'octavo-quota-'));
      const slow = fakeRenderer(20); // renders overlap, so the race is real
      service = await startTestService({
        renderPdf: slow.renderPdf,
        ...(dataDir === undefined ? {} : { storage: await createFsStorage(dataDir) }),
      });
      const { workspace, apiKey } = await tenant(service.storage, 'racers', 20);
      const t = await template(service.storage, slow.renderPdf, workspace, 'T');
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(service!.url, generateBody(t.id), apiKey)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      for (const response of responses.filter((r) => r.status === 429)) await expectError(response, 429, 'quota_exceeded');
      for (const response of responses.filter((r) => r.status === 200)) await response.body?.cancel();
      expect(await service.storage.countDocuments(workspace.id)).toBe(20);
      const ws = (await (await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } })).json()) as { quota: number; remainingQuota: number };
      expect(ws).toMatchObject({ quota: 20, remainingQuota: 0 });
      expect(response429HasNoLongRetryAfter(responses)).toBe(true);
    });
  }

  it('gives back the unit of a render that fails while others race', async () => {
    service = await startTestService();
    const { workspace, apiKey } = await tenant(service.storage, 'mixed', 10);
    const t = await template(service.storage, service.fake.renderPdf, workspace, 'T');
    const bodies = Array.from({ length: 10 }, (_, i) => generateBody(t.id, { payload: i % 2 ? { fail: 'render' } : {} }));
    const statuses = (await Promise.all(bodies.map((b) => post(service!.url, b, apiKey)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect((await service.storage.getWorkspace(workspace.id))?.remainingQuota).toBe(5);
  });
});

function response429HasNoLongRetryAfter(responses: Response[]): boolean {
  return responses.every((r) => r.status !== 429 || Number(r.headers.get('retry-after') ?? 0) <= 1);
}

describe('paging', () => {
  async function withTemplates(count: number) {
    service = await startTestService();
    const { workspace, apiKey } = await tenant(service.storage, 'pages');
    const names = Array.from({ length: count }, (_, i) => `T${String.fromCharCode(97 + ((i * 5) % count))}`);
    for (const name of names) await service.storage.createTemplate({ workspaceId: workspace.id, name, html: name });
    const list = async (query: string, useQueryKey = false) => fetch(
      `${service!.url}/v1/document-templates${query}${useQueryKey ? `${query ? '&' : '?'}apikey=${encodeURIComponent(apiKey)}` : ''}`,
      { headers: useQueryKey ? {} : { apikey: apiKey } },
    );
    return { list, apiKey };
  }

  function links(response: Response): Record<string, string> {
    const header = response.headers.get('link') ?? '';
    return Object.fromEntries([...header.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map((m) => [m[2]!, new URL(m[1]!).search]));
  }

  it('pages by name with X-Total-Count and Link first/prev/next/last', async () => {
    const { list } = await withTemplates(7);
    const all = await list('');
    expect(all.headers.get('x-total-count')).toBe('7');
    const names = ((await all.json()) as { name: string }[]).map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(links(all)).toEqual({ first: '?Page=1&PageSize=25', last: '?Page=1&PageSize=25' });

    const second = await list('?Page=2&PageSize=3');
    expect(second.status).toBe(200);
    expect(((await second.json()) as { name: string }[]).map((t) => t.name)).toEqual(names.slice(3, 6));
    expect(second.headers.get('x-total-count')).toBe('7');
    expect(links(second)).toEqual({
      first: '?Page=1&PageSize=3', prev: '?Page=1&PageSize=3', next: '?Page=3&PageSize=3', last: '?Page=3&PageSize=3',
    });
    const lastPage = await list('?Page=3&PageSize=3');
    expect(((await lastPage.json()) as unknown[]).length).toBe(1);
    expect(Object.keys(links(lastPage))).toEqual(['first', 'prev', 'last']);
    const firstPage = await list('?page=1&pagesize=3'); // parameter names are case-insensitive
    expect(((await firstPage.json()) as unknown[]).length).toBe(3);
    expect(Object.keys(links(firstPage))).toEqual(['first', 'next', 'last']);
  });

  it('answers an empty page past the end, with links back', async () => {
    const { list } = await withTemplates(4);
    const past = await list('?Page=9&PageSize=2');
    expect(past.status).toBe(200);
    expect(await past.json()).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('4');
    expect(links(past)).toEqual({ first: '?Page=1&PageSize=2', prev: '?Page=2&PageSize=2', last: '?Page=2&PageSize=2' });
  });

  it('answers 400 for out-of-range paging', async () => {
    const { list } = await withTemplates(1);
    for (const query of ['?Page=0', '?Page=-1', '?PageSize=101', '?PageSize=0', '?Page=abc', '?PageSize=2.5', '?Page=99999999999']) {
      await expectError(await list(query), 400, 'validation_error');
    }
    expect((await list('?PageSize=100')).status).toBe(200);
  });

  it('never copies a query API key into the Link header', async () => {
    const { list, apiKey } = await withTemplates(3);
    const response = await list('?PageSize=1', true);
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).not.toContain('apikey');
    expect(response.headers.get('link')).not.toContain(apiKey);
  });

  it('lists an empty workspace', async () => {
    const { list } = await withTemplates(0);
    const response = await list('');
    expect(await response.json()).toEqual([]);
    expect(response.headers.get('x-total-count')).toBe('0');
  });
});

describe('download links', () => {
  it('expire after a short TTL: 410 link_expired, and the document is gone', async () => {
    service = await startTestService({ linkTtlSeconds: 1 });
    const { workspace, apiKey } = await tenant(service.storage, 'links');
    const t = await template(service.storage, service.fake.renderPdf, workspace, 'T');
    const created = (await (await post(service.url, generateBody(t.id), apiKey)).json()) as { data: { download_url: string; expires: string } };
    const url = created.data.download_url;
    const id = new URL(url).pathname.split('/').pop()!;
    expect((await fetch(url)).status).toBe(200);
    await expectError(await fetch(url.replace(/signature=[^&]+/, 'signature=AAAA')), 404, 'not_found');
    await expectError(await fetch(url.replace(/expires=\d+/, 'expires=9999999999')), 404, 'not_found');
    const wait = Date.parse(created.data.expires) - Date.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    await expectError(await fetch(url), 410, 'link_expired');
    expect(await service.storage.getDocument(id)).toBeUndefined();
    await expectError(await fetch(url), 410, 'link_expired');
  });

  it('are valid for the configured TTL, and expired documents are swept', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    service = await startTestService({ linkTtlSeconds: 120, now: () => new Date(now) });
    const { workspace, apiKey } = await tenant(service.storage, 'sweep');
    const t = await template(service.storage, service.fake.renderPdf, workspace, 'T');
    const body = (await (await post(service.url, generateBody(t.id), apiKey)).json()) as { data: { download_url: string; expires: string; created_at: string } };
    expect(body.data.created_at).toBe('2030-01-01T00:00:00.000Z');
    expect(body.data.expires).toBe('2030-01-01T00:02:00.000Z');
    now += 119_000;
    expect((await fetch(body.data.download_url)).status).toBe(200);
    expect(await service.handler.cleanupExpiredDocuments()).toBe(0);
    now += 1_000;
    expect(await service.handler.cleanupExpiredDocuments()).toBe(1);
    expect(await service.storage.countDocuments(workspace.id)).toBe(0);
    await expectError(await fetch(body.data.download_url), 410, 'link_expired');
  });
});
