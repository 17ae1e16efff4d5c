/**
 * The template API over real HTTP on 127.0.0.1 (issue 30), with memory storage and a real
 * PostgreSQL: a multipart upload of a template with its folder of files, read, list, update (new
 * source, files replaced, documents render the new version), delete; a taken name answers 409
 * with the existing id; unsafe paths and malformed bodies are typed refusals; one workspace's key
 * never sees or changes another's templates.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../src/service/links.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import type { Storage } from '../../src/service/storage/types.js';
import { templatesExtension } from '../../src/service/templates-api/api.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import type { TestService } from './helpers/service.js';
import { expectError, startTestService, tenant } from './helpers/service.js';
import { makeTarGz } from './helpers/tar.js';
import { makeZip } from './helpers/zip.js';

let service: TestService | undefined;
afterEach(async () => { await service?.close(); service = undefined; });
afterAll(() => { stopCluster(); });

const BACKENDS: { name: string; open: () => Promise<Storage> }[] = [{ name: 'memory', open: async () => createMemoryStorage() }];
if (postgresAvailable || inCi) BACKENDS.push({ name: 'postgres', open: async () => createPostgresStorage({ connectionString: await freshDatabase('octavo_tapi') }) });

/** Upload bodies are spooled here while read: it must be empty again after every request. */
const spoolDir = mkdtempSync(join(tmpdir(), 'octavo-tapi-spool-'));
afterAll(() => rmSync(spoolDir, { recursive: true, force: true }));

async function start(open: () => Promise<Storage>) {
  const storage = await open();
  const base = await startTestService({ storage });
  await service?.close();
  const signer = createLinkSigner(await storage.signingSecret());
  service = await startTestService({ storage, extensions: [templatesExtension({ storage, renderPdf: base.fake.renderPdf, signer, spoolDir })] });
  const closeBase = base.close;
  const own = service.close;
  // one storage under both: close the first server without closing the storage twice
  service = { ...service, close: async () => { await own(); await closeBase().catch(() => undefined); } };
  const a = await tenant(storage, 'a', 10);
  const b = await tenant(storage, 'b', 10);
  const call = (key: string, path: string, init: RequestInit = {}) => fetch(`${service!.url}/v1${path}`, { ...init, headers: { apikey: key, ...init.headers as Record<string, string> } });
  return { storage, a, b, call, fake: service.fake, renders: base.fake };
}

function form(parts: { name?: string; sample?: string; html?: string; files?: Record<string, string> }): FormData {
  const data = new FormData();
  if (parts.name !== undefined) data.append('name', parts.name);
  if (parts.sample !== undefined) data.append('sample', parts.sample);
  if (parts.html !== undefined) data.append('template', new Blob([parts.html], { type: 'text/html' }), 'template.html');
  for (const [path, text] of Object.entries(parts.files ?? {})) data.append('files', new Blob([text]), path);
  return data;
}

interface TemplateDto { id: string; name: string; created: string; modified: string; pdfPreviewUrl: string; warnings: string[] }

for (const backend of BACKENDS) {
  describe(`template API (${backend.name})`, () => {
    it('creates with files, reads, lists, updates (files replaced) and deletes; the name is unique (409 with the id)', async () => {
      const { storage, a, call } = await start(backend.open);
      const created = await call(a.apiKey, '/document-templates', {
        method: 'POST', body: form({ name: 'invoice', sample: '{"title":"x"}', html: '<link rel="stylesheet" href="css/site.css"><h1>{{title}}</h1>', files: { 'css/site.css': 'h1{color:red}' } }),
      });
      expect(created.status).toBe(201);
      const dto = (await created.json()) as TemplateDto;
      expect(dto).toMatchObject({ name: 'invoice', warnings: [] });
      expect(created.headers.get('location')).toMatch(new RegExp(`/v1/document-templates/${dto.id}$`));
      expect([...(await storage.getTemplateFiles(a.workspace.id, dto.id))!.keys()]).toEqual(['css/site.css']);
      expect((await fetch(dto.pdfPreviewUrl)).status).toBe(200);
      expect(((await (await call(a.apiKey, `/document-templates/${dto.id}`)).json()) as TemplateDto).name).toBe('invoice');
      const listed = (await (await call(a.apiKey, '/document-templates')).json()) as TemplateDto[];
      expect(listed.map((t) => t.id)).toEqual([dto.id]);

      const taken = await expectError(await call(a.apiKey, '/document-templates', { method: 'POST', body: form({ name: 'invoice', html: '<p>2</p>' }) }), 409, 'conflict');
      expect(taken['message']).toContain(dto.id);

      const updated = await call(a.apiKey, `/document-templates/${dto.id}`, { method: 'PUT', body: form({ html: '<h2>{{title}}</h2>', files: { 'img/logo.svg': '<svg/>' } }) });
      expect(updated.status).toBe(200);
      expect(Date.parse(((await updated.json()) as TemplateDto).modified)).toBeGreaterThanOrEqual(Date.parse(dto.created));
      expect((await storage.getTemplate(a.workspace.id, dto.id))?.html).toBe('<h2>{{title}}</h2>');
      expect([...(await storage.getTemplateFiles(a.workspace.id, dto.id))!.keys()]).toEqual(['img/logo.svg']);
      await expectError(await call(a.apiKey, `/document-templates/${dto.id}`, { method: 'PUT', body: form({ name: 'other', html: '<p/>' }) }), 400, 'validation_error');

      const removed = await call(a.apiKey, `/document-templates/${dto.id}`, { method: 'DELETE' });
      expect(await removed.json()).toEqual({ id: dto.id, removed: true });
      await expectError(await call(a.apiKey, `/document-templates/${dto.id}`), 404, 'not_found');
      // the name is free again
      expect((await call(a.apiKey, '/document-templates', { method: 'POST', body: form({ name: 'invoice', html: '<p/>' }) })).status).toBe(201);
    }, 60_000);

    it('takes the folder as a .zip archive; a traversal or bomb archive is refused and nothing is stored', async () => {
      // made before the first request: building it takes seconds on a loaded machine, longer than
      // the server keeps an idle connection, which the client would then reuse as it closes
      const bomb = makeZip([{ name: 'template.html', data: '<p/>' }, { name: 'z', data: new Uint8Array(60 * 1024 * 1024), deflate: true }]);
      const { storage, a, call } = await start(backend.open);
      const upload = (name: string, zip: Uint8Array) => {
        const data = new FormData();
        data.append('name', name);
        data.append('archive', new Blob([zip]), 'folder.zip');
        return call(a.apiKey, '/document-templates', { method: 'POST', body: data });
      };
      const made = await upload('zipped', makeZip([{ name: 'template.html', data: '<p>{{title}}</p>' }, { name: 'css/a.css', data: 'p{}', deflate: true }]));
      expect(made.status).toBe(201);
      const id = ((await made.json()) as TemplateDto).id;
      expect((await storage.getTemplate(a.workspace.id, id))?.html).toBe('<p>{{title}}</p>');
      expect([...(await storage.getTemplateFiles(a.workspace.id, id))!.keys()]).toEqual(['css/a.css']);
      await expectError(await upload('evil', makeZip([{ name: 'template.html', data: '<p/>' }, { name: '../../x.css', data: 'x' }])), 400, 'validation_error');
      await expectError(await upload('bomb', bomb), 413, 'payload_too_large');
      expect((await storage.listTemplates(a.workspace.id, { offset: 0, limit: 10 })).items.map((t) => t.name)).toEqual(['zipped']);
    }, 60_000);

    it('takes the folder as a .tar.gz; refusals are typed; the spooled body is removed on every outcome', async () => {
      const bomb = makeTarGz([{ name: 'template.html', data: '<p/>' }], new Uint8Array(60 * 1024 * 1024)); // before any request, as above
      const big = new Uint8Array(51 * 1024 * 1024);
      const { storage, a, call } = await start(backend.open);
      const upload = (name: string, archive: Uint8Array, filename = 'folder.tar.gz') => {
        const data = new FormData();
        data.append('name', name);
        data.append('archive', new Blob([archive]), filename);
        return call(a.apiKey, '/document-templates', { method: 'POST', body: data });
      };
      const made = await upload('tarred', makeTarGz([{ name: './template.html', data: '<p>{{title}}</p>' }, { name: './css/a.css', data: 'p{}' }]), 'folder.tgz');
      expect(made.status).toBe(201);
      const id = ((await made.json()) as TemplateDto).id;
      expect((await storage.getTemplate(a.workspace.id, id))?.html).toBe('<p>{{title}}</p>');
      expect([...(await storage.getTemplateFiles(a.workspace.id, id))!.keys()]).toEqual(['css/a.css']);
      expect(readdirSync(spoolDir)).toEqual([]);
      await expectError(await upload('evil', makeTarGz([{ name: 'template.html', data: '<p/>' }, { name: '../x.css', data: 'x' }])), 400, 'validation_error');
      await expectError(await upload('link', makeTarGz([{ name: 'template.html', data: '<p/>' }, { name: 'x.css', type: '2', linkname: '/etc/passwd' }])), 400, 'validation_error');
      await expectError(await upload('bomb', bomb), 413, 'payload_too_large');
      await expectError(await upload('rar', new Uint8Array([1, 2, 3]), 'folder.rar'), 400, 'validation_error');
      // a body past the upload limit stops while streaming, and one cut short is a typed refusal
      const oversized = new FormData();
      oversized.append('name', 'big');
      oversized.append('template', new Blob(['<p/>']), 'template.html');
      oversized.append('files', new Blob([big]), 'big.bin');
      await expectError(await call(a.apiKey, '/document-templates', { method: 'POST', body: oversized }), 413, 'payload_too_large');
      const cut = `--b\r\nContent-Disposition: form-data; name="template"; filename="t.html"\r\n\r\n<p>half`;
      await expectError(await call(a.apiKey, '/document-templates', { method: 'POST', body: cut, headers: { 'content-type': 'multipart/form-data; boundary=b' } }), 400, 'validation_error');
      expect(readdirSync(spoolDir)).toEqual([]);
      expect((await storage.listTemplates(a.workspace.id, { offset: 0, limit: 10 })).items.map((t) => t.name)).toEqual(['tarred']);
    }, 90_000);

    it("one workspace never sees, changes or deletes another's template", async () => {
      const { storage, a, b, call } = await start(backend.open);
      const dto = (await (await call(a.apiKey, '/document-templates', { method: 'POST', body: form({ name: 'mine', html: '<p>a</p>' }) })).json()) as TemplateDto;
      await expectError(await call(b.apiKey, `/document-templates/${dto.id}`), 404, 'not_found');
      await expectError(await call(b.apiKey, `/document-templates/${dto.id}`, { method: 'PUT', body: form({ html: '<p>b</p>' }) }), 404, 'not_found');
      await expectError(await call(b.apiKey, `/document-templates/${dto.id}`, { method: 'DELETE' }), 404, 'not_found');
      expect((await storage.getTemplate(a.workspace.id, dto.id))?.html).toBe('<p>a</p>');
      // the same name in another workspace is another template
      expect((await call(b.apiKey, '/document-templates', { method: 'POST', body: form({ name: 'mine', html: '<p>b</p>' }) })).status).toBe(201);
      await expectError(await call('oct_wrong', '/document-templates', { method: 'POST', body: form({ name: 'x', html: '<p/>' }) }), 401, 'invalid_api_key');
    }, 60_000);

    it('refuses unsafe paths, a missing source and malformed bodies, with typed errors', async () => {
      const { a, call } = await start(backend.open);
      const post = (body: FormData | string, headers: Record<string, string> = {}) => call(a.apiKey, '/document-templates', { method: 'POST', body, headers });
      for (const path of ['../evil.css', '/etc/passwd', 'a/../../b', 'a\\b']) {
        const refused = await expectError(await post(form({ name: `p${path.length}`, html: '<p/>', files: { [path]: 'x' } })), 400, 'validation_error');
        expect(refused['message']).toContain('path');
      }
      // a sample that does not render is accepted with a warning, as `octavo template add` accepts it
      const warned = await post(form({ name: 's', html: '<p/>', sample: '{"fail":"render"}' }));
      expect(warned.status).toBe(201);
      expect(((await warned.json()) as TemplateDto).warnings).toEqual([expect.stringContaining('does not render')]);
      await expectError(await post(form({ name: 'n' })), 400, 'validation_error');
      await expectError(await post(form({ html: '<p/>' })), 400, 'validation_error');
      await expectError(await post(form({ name: 'j', html: '<p/>', sample: '{nope' })), 400, 'validation_error');
      await expectError(await post('{"name":"x"}', { 'content-type': 'application/json' }), 415, 'unsupported_media_type');
      await expectError(await post('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx', { 'content-type': 'multipart/form-data; boundary=b' }), 400, 'validation_error');
      expect((await call(a.apiKey, '/document-templates')).status).toBe(200);
    }, 60_000);
  });
}
