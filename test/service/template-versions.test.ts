/**
 * Template versions over real HTTP on 127.0.0.1 (issue 30), with the memory and fs storages
 * (in-process queue) and a real PostgreSQL (pg-boss): an update makes a new version; a job or a
 * batch item renders the version it was accepted with, also when the template was updated or
 * deleted before its render; `GET …/versions` lists the current and the kept versions; the
 * cleanup sweep keeps a version while a pending or generating job needs it and removes it after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../src/service/links.js';
import type { AsyncJobs } from '../../src/service/main/jobs-setup.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import type { RenderPdf } from '../../src/service/renderer.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import type { Storage } from '../../src/service/storage/types.js';
import { templatesExtension } from '../../src/service/templates-api/api.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import type { TestService } from './helpers/service.js';
import { expectError, startTestService, tenant } from './helpers/service.js';

let service: TestService | undefined;
let jobs: AsyncJobs | undefined;
afterEach(async () => {
  await jobs?.close();
  await service?.close();
  service = jobs = undefined;
});
const dataDir = mkdtempSync(join(tmpdir(), 'octavo-versions-'));
afterAll(() => { stopCluster(); rmSync(dataDir, { recursive: true, force: true }); });

interface Backend { readonly name: string; readonly open: () => Promise<{ storage: Storage; databaseUrl?: string }> }
const BACKENDS: Backend[] = [
  { name: 'memory', open: async () => ({ storage: createMemoryStorage() }) },
  { name: 'fs', open: async () => ({ storage: await createFsStorage(mkdtempSync(join(dataDir, 'store-'))) }) },
];
if (postgresAvailable || inCi) {
  BACKENDS.push({
    name: 'postgres',
    open: async () => {
      const databaseUrl = await freshDatabase('octavo_versions');
      return { storage: await createPostgresStorage({ connectionString: databaseUrl }), databaseUrl };
    },
  });
}

interface Job { id: string; status: string; template_version: number | null; error?: { error_code: string } }
interface Version { version: number; current: boolean; created: string; superseded: string | null }

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out at ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function start(backend: Backend) {
  const { storage, databaseUrl } = await backend.open();
  const fake = fakeRenderer();
  // a job whose payload says `hold` keeps the one render slot until released: the jobs behind it wait, pending
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const renderPdf: RenderPdf = async (job) => {
    if ((job.data as { hold?: boolean } | undefined)?.hold === true) await gate;
    return fake.renderPdf(job);
  };
  jobs = await startJobs({
    storage, renderPdf, concurrency: 1, linkTtlSeconds: 600, abandonAfterSeconds: 60, versionGraceSeconds: 0,
    ...(databaseUrl === undefined ? {} : { databaseUrl, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }),
  });
  const signer = createLinkSigner(await storage.signingSecret());
  service = await startTestService({ storage, renderPdf, extensions: [...jobs.extensions, templatesExtension({ storage, renderPdf, signer })] });
  const { workspace, apiKey } = await tenant(storage, 'acme', 50);
  const call = (path: string, init: RequestInit = {}) => fetch(`${service!.url}/v1${path}`, { ...init, headers: { apikey: apiKey, ...init.headers as Record<string, string> } });
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  return { storage, workspace, call, json, fake, release, running: jobs };
}

function form(html: string, css: string, name?: string): FormData {
  const data = new FormData();
  if (name !== undefined) data.append('name', name);
  data.append('template', new Blob([html]), 'template.html');
  data.append('files', new Blob([css]), 'a.css');
  return data;
}

for (const backend of BACKENDS) {
  describe(`template versions (${backend.name})`, () => {
    it('a job renders the version it was accepted with, through an update and a delete; unused versions are swept', async () => {
      const { storage, workspace, call, json, fake, release, running } = await start(backend);
      const made = await call('/document-templates', { method: 'POST', body: form('<p>v1 {{n}}</p>', 'p{color:red}', 'letter') });
      expect(made.status).toBe(201);
      const template = (await made.json()) as { id: string; version: number };
      expect(template.version).toBe(1);
      const generate = async (payload: unknown) => {
        const response = await json('/pdfs', { template_id: template.id, payload }, { prefer: 'respond-async' });
        expect(response.status).toBe(202);
        return (await response.json()) as Job;
      };
      const job = (id: string) => call(`/pdf-jobs/${id}`).then(async (r) => (await r.json()) as Job);

      const holder = await generate({ hold: true });
      await until(() => job(holder.id), (j) => j.status === 'generating');
      const early = await generate({ n: 'early' });
      const batch = (await (await json('/pdf-batches', { template_id: template.id, items: [{ payload: { n: 'item0' } }, { payload: { n: 'item1' } }] })).json()) as { id: string };
      expect(early.template_version).toBe(1);

      const updated = await call(`/document-templates/${template.id}`, { method: 'PUT', body: form('<p>v2 {{n}}</p>', 'p{color:blue}') });
      expect(updated.status).toBe(200);
      expect(((await updated.json()) as { version: number }).version).toBe(2);
      expect(((await (await call(`/document-templates/${template.id}`)).json()) as { version: number }).version).toBe(2);
      const late = await generate({ n: 'late' });
      expect(late.template_version).toBe(2);
      const versions = (await (await call(`/document-templates/${template.id}/versions`)).json()) as Version[];
      expect(versions.map((v) => [v.version, v.current, v.superseded === null])).toEqual([[2, true, true], [1, false, false]]);

      // pending jobs need version 1: the sweep keeps it
      await running.cleanup();
      expect((await storage.getTemplateVersion(workspace.id, template.id, 1))?.template.html).toBe('<p>v1 {{n}}</p>');

      // deleted for every new request; accepted jobs still finish
      expect((await call(`/document-templates/${template.id}`, { method: 'DELETE' })).status).toBe(200);
      await expectError(await call(`/document-templates/${template.id}`), 404, 'not_found');
      await expectError(await call(`/document-templates/${template.id}/versions`), 404, 'not_found');
      await expectError(await json('/pdfs', { template_id: template.id, payload: {} }, { prefer: 'respond-async' }), 404, 'not_found');

      release();
      for (const id of [holder.id, early.id, late.id]) expect((await until(() => job(id), (j) => j.status === 'success' || j.status === 'failure')).status).toBe('success');
      const done = await until(() => call(`/pdf-batches/${batch.id}`).then(async (r) => (await r.json()) as { status: string; items: Job[] }), (b) => b.status === 'completed');
      expect(done.items.map((item) => [item.status, item.template_version])).toEqual([['success', 1], ['success', 1]]);

      // what each render was given: the accepted version's source and files
      const rendered = (n: string) => fake.jobs.find((r) => (r.data as { n?: string } | undefined)?.n === n);
      const css = (n: string) => Buffer.from(rendered(n)!.files!.get('a.css')!).toString();
      expect([rendered('early')?.template, css('early')]).toEqual(['<p>v1 {{n}}</p>', 'p{color:red}']);
      expect([rendered('item0')?.template, rendered('item1')?.template]).toEqual(['<p>v1 {{n}}</p>', '<p>v1 {{n}}</p>']);
      expect([rendered('late')?.template, css('late')]).toEqual(['<p>v2 {{n}}</p>', 'p{color:blue}']);

      // no job needs them any more: the sweep removes both kept versions
      await running.cleanup();
      expect(await storage.getTemplateVersion(workspace.id, template.id, 1)).toBeUndefined();
      expect(await storage.getTemplateVersion(workspace.id, template.id, 2)).toBeUndefined();
      expect(await storage.countDocuments(workspace.id)).toBe(5);
    }, 90_000);
  });
}
