/** The document API over a real socket: routing, auth, negotiation, validation, errors, logs (docs/design.md §1.4). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRecord } from '../../src/service/storage/types.js';
import { qpdfCheck } from './helpers/qpdf.js';
import type { Tenant, TestService } from './helpers/service.js';
import { expectError, generateBody, startTestService, template, tenant } from './helpers/service.js';

let service: TestService;
let acme: Tenant;
let globex: Tenant;
let invoice: TemplateRecord;
let globexTemplate: TemplateRecord;

beforeAll(async () => {
  service = await startTestService({ bodyLimitBytes: 4096 });
  acme = await tenant(service.storage, 'acme', 100);
  globex = await tenant(service.storage, 'globex', 5);
  invoice = await template(service.storage, service.fake.renderPdf, acme.workspace, 'Invoice');
  globexTemplate = await template(service.storage, service.fake.renderPdf, globex.workspace, 'Secret');
});
afterAll(() => service.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(service.url + path, { headers });
const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(service.url + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('authentication', () => {
  it('accepts the key in the apikey header', async () => {
    const response = await get('/v1/workspaces', { apikey: acme.apiKey });
    expect(response.status).toBe(200);
    const body = await response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'acme', active: true, quota: 100, remainingQuota: 100 });
    expect(body['modified']).toBe(body['created']);
    expect(body['created']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('accepts the key in the apikey query parameter', async () => {
    const response = await get(`/v1/workspaces?apikey=${encodeURIComponent(acme.apiKey)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe('acme');
  });

  it('answers 401 missing_api_key without a key', async () => {
    await expectError(await get('/v1/workspaces'), 401, 'missing_api_key');
    await expectError(await get('/v1/document-templates', { apikey: '' }), 401, 'missing_api_key');
  });

  it('answers 401 invalid_api_key for an unknown key', async () => {
    await expectError(await get('/v1/workspaces', { apikey: 'oct_not-a-real-key' }), 401, 'invalid_api_key');
    await expectError(await get('/v1/workspaces?apikey=nope'), 401, 'invalid_api_key');
  });

  it('answers 403 workspace_inactive for an inactive workspace', async () => {
    const dormant = await tenant(service.storage, 'dormant');
    await service.storage.updateWorkspace(dormant.workspace.id, { active: false });
    await expectError(await get('/v1/workspaces', { apikey: dormant.apiKey }), 403, 'workspace_inactive');
    await expectError(await post('/v1/pdfs', generateBody(invoice.id), { apikey: dormant.apiKey }), 403, 'workspace_inactive');
  });

  it('stores keys only as hashes', async () => {
    const match = await service.storage.findApiKey((await import('../../src/service/auth.js')).hashApiKey(acme.apiKey));
    expect(match?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(match?.keyHash).not.toContain(acme.apiKey);
  });
});

describe('routing', () => {
  it('answers 404 unsupported_version for other versions', async () => {
    await expectError(await get('/v2/workspaces', { apikey: acme.apiKey }), 404, 'unsupported_version');
    await expectError(await get('/v0/pdfs'), 404, 'unsupported_version');
  });

  it('answers 404 not_found for unknown routes', async () => {
    await expectError(await get('/'), 404, 'not_found');
    await expectError(await get('/v1/nothing', { apikey: acme.apiKey }), 404, 'not_found');
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const response = await fetch(`${service.url}/v1/pdfs`, { method: 'DELETE', headers: { apikey: acme.apiKey } });
    expect(response.headers.get('allow')).toBe('POST');
    await expectError(response, 405, 'method_not_allowed');
  });

  it('serves the OpenAPI 3.1 document and the error catalogue', async () => {
    const response = await get('/v1/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>>; servers: { url: string }[] };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe(service.url);
    expect(doc.paths['/v1/document-templates']?.['get']?.operationId).toBe('ListDocumentTemplates');
    expect(doc.paths['/v1/pdfs']?.['post']?.operationId).toBe('Generate');
    expect(doc.paths['/v1/workspaces']?.['get']?.operationId).toBe('GetWorkspace');
    const errors = (await (await get('/v1/errors')).json()) as { error_code: string; status: number }[];
    expect(errors).toContainEqual(expect.objectContaining({ error_code: 'quota_exceeded', status: 429 }));
  });
});

describe('content negotiation', () => {
  it('answers application/json by default and for Accept: text/plain', async () => {
    for (const accept of [undefined, 'text/plain', 'application/json', 'text/plain, application/json, text/json', '*/*', 'image/png']) {
      const response = await get('/v1/workspaces', { apikey: acme.apiKey, ...(accept === undefined ? {} : { accept }) });
      expect(response.headers.get('content-type'), String(accept)).toBe('application/json; charset=utf-8');
    }
  });

  it('answers text/json when that is asked for', async () => {
    const response = await get('/v1/workspaces', { apikey: acme.apiKey, accept: 'text/json' });
    expect(response.headers.get('content-type')).toBe('text/json; charset=utf-8');
    expect(((await response.json()) as { name: string }).name).toBe('acme');
    const error = await get('/v1/workspaces', { accept: 'text/json' });
    expect(error.headers.get('content-type')).toBe('text/json; charset=utf-8');
  });

  it('accepts application/json, text/json and application/*+json request bodies', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/json', 'application/vnd.octavo+json']) {
      const response = await post('/v1/pdfs', generateBody(invoice.id), { apikey: acme.apiKey, 'content-type': type });
      expect(response.status, type).toBe(200);
    }
  });

  it('answers 415 unsupported_media_type for other request bodies', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data']) {
      await expectError(await post('/v1/pdfs', generateBody(invoice.id), { apikey: acme.apiKey, 'content-type': type }), 415, 'unsupported_media_type');
    }
    const bare = await fetch(`${service.url}/v1/pdfs`, { method: 'POST', body: new Uint8Array(Buffer.from(generateBody(invoice.id))), headers: { apikey: acme.apiKey } });
    await expectError(bare, 415, 'unsupported_media_type');
  });
});

describe('generate', () => {
  it('answers the Pdfless result shape with a working download link', async () => {
    const response = await post('/v1/pdfs', generateBody(invoice.id, { reference_id: 'order-42' }), { apikey: acme.apiKey });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; data: Record<string, string> };
    expect(body.status).toBe('success');
    expect(Object.keys(body.data).sort()).toEqual(['created_at', 'download_url', 'expires', 'reference_id', 'template_id']);
    expect(body.data['reference_id']).toBe('order-42');
    expect(body.data['template_id']).toBe(invoice.id);
    expect(body.data['created_at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Date.parse(body.data['expires']!) - Date.parse(body.data['created_at']!)).toBe(600_000);
    const download = await fetch(body.data['download_url']!); // no API key needed
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await download.arrayBuffer());
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
  });

  it('passes the payload to the renderer, parsing a string that holds JSON', async () => {
    const before = service.fake.jobs.length;
    await post('/v1/pdfs', JSON.stringify({ template_id: invoice.id, payload: '{"title":"from a string"}' }), { apikey: acme.apiKey });
    await post('/v1/pdfs', JSON.stringify({ template_id: invoice.id, payload: [1, 2] }), { apikey: acme.apiKey });
    await post('/v1/pdfs', JSON.stringify({ template_id: invoice.id }), { apikey: acme.apiKey });
    const jobs = service.fake.jobs.slice(before);
    expect(jobs.map((j) => j.data)).toEqual([{ title: 'from a string' }, [1, 2], {}]);
    expect(jobs[0]?.template).toBe('<h1>{{title}}</h1>');
  });

  it('maps the encryption fields to the engine options', async () => {
    const before = service.fake.jobs.length;
    const response = await post('/v1/pdfs', generateBody(invoice.id, {
      encryption_user_password: 'open-sesame',
      encryption_owner_password: 'owner-secret',
      encryption_allow_printing: false,
      encryption_allow_content_copying: true,
      encryption_allow_screenreaders: null,
    }), { apikey: acme.apiKey });
    expect(response.status).toBe(200);
    expect(service.fake.jobs[before]?.encryption).toEqual({
      userPassword: 'open-sesame', ownerPassword: 'owner-secret', permissions: { printing: false, copying: true },
    });
    await post('/v1/pdfs', generateBody(invoice.id, { encryption_allow_printing: true }), { apikey: acme.apiKey });
    expect(service.fake.jobs[before + 1]?.encryption).toBeUndefined();
  });

  it('answers 400 validation_error for malformed commands', async () => {
    const bodies = [
      '{not json', '', '[]', '"text"',
      JSON.stringify({ payload: {} }),
      JSON.stringify({ template_id: 'not-a-uuid' }),
      JSON.stringify({ template_id: 42 }),
      JSON.stringify({ template_id: invoice.id, reference_id: 7 }),
      JSON.stringify({ template_id: invoice.id, payload: '{"broken":' }),
      JSON.stringify({ template_id: invoice.id, encryption_allow_printing: 'no' }),
      JSON.stringify({ template_id: invoice.id, encryption_user_password: 123 }),
    ];
    for (const body of bodies) await expectError(await post('/v1/pdfs', body, { apikey: acme.apiKey }), 400, 'validation_error');
  });

  it('refuses an unknown field that asks to protect the document, naming the one meant (a misspelt password must not deliver an open PDF)', async () => {
    const before = service.fake.jobs.length;
    const refused = async (extra: Record<string, unknown>): Promise<string | undefined> =>
      (await expectError(await post('/v1/pdfs', generateBody(invoice.id, extra), { apikey: acme.apiKey }), 400, 'validation_error'))['message'];
    expect(await refused({ user_password: 'secret' })).toBe("user_password is not a field of GeneratePDFCommand (did you mean 'encryption_user_password'?): the document would not be protected as asked");
    expect(await refused({ encryption_allow_printng: false })).toBe("encryption_allow_printng is not a field of GeneratePDFCommand (did you mean 'encryption_allow_printing'?): the document would not be protected as asked");
    expect(await refused({ password: 'x' })).toMatch(/^password is not a field of GeneratePDFCommand/);
    expect(service.fake.jobs.length).toBe(before);
  });

  it('answers 404 not_found for a missing template and for another workspace\'s template alike', async () => {
    const missing = await expectError(await post('/v1/pdfs', generateBody(randomUUID()), { apikey: acme.apiKey }), 404, 'not_found');
    const foreign = await expectError(await post('/v1/pdfs', generateBody(globexTemplate.id), { apikey: acme.apiKey }), 404, 'not_found');
    expect(foreign['message']!.replace(globexTemplate.id, 'X')).toBe(missing['message']!.replace(/[0-9a-f-]{36}/, 'X'));
  });

  it('answers 413 payload_too_large for a body over the limit, declared or streamed', async () => {
    const big = generateBody(invoice.id, { payload: { blob: 'x'.repeat(10_000) } });
    await expectError(await post('/v1/pdfs', big, { apikey: acme.apiKey }), 413, 'payload_too_large');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(Buffer.from('{"a":"' + 'y'.repeat(1000) + '",')));
        controller.close();
      },
    });
    const chunked = await fetch(`${service.url}/v1/pdfs`, {
      method: 'POST', body: stream, headers: { 'content-type': 'application/json', apikey: acme.apiKey }, duplex: 'half',
    } as RequestInit);
    await expectError(chunked, 413, 'payload_too_large');
  });

  it('answers 422 template_error and render_error from the renderer', async () => {
    const t = await expectError(await post('/v1/pdfs', generateBody(invoice.id, { payload: { fail: 'template' } }), { apikey: acme.apiKey }), 422, 'template_error');
    expect(t['message']).toContain('line 1');
    await expectError(await post('/v1/pdfs', generateBody(invoice.id, { payload: { fail: 'render' } }), { apikey: acme.apiKey }), 422, 'render_error');
  });

  it('answers 500 internal_error without internals in the body, and logs them', async () => {
    const body = await expectError(await post('/v1/pdfs', generateBody(invoice.id, { payload: { fail: 'crash' } }), { apikey: acme.apiKey }), 500, 'internal_error');
    expect(JSON.stringify(body)).not.toContain('internal detail');
    const line = service.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l['correlation_id'] === body['correlation_id']);
    expect(line?.['status']).toBe(500);
    expect(String(line?.['error'])).toContain('internal detail');
  });

  it('charges nothing for a failed render', async () => {
    const quota = async () => ((await (await get('/v1/workspaces', { apikey: acme.apiKey })).json()) as { remainingQuota: number }).remainingQuota;
    const before = await quota();
    for (const fail of ['template', 'render', 'crash']) {
      await post('/v1/pdfs', generateBody(invoice.id, { payload: { fail } }), { apikey: acme.apiKey });
    }
    expect(await quota()).toBe(before);
    await post('/v1/pdfs', generateBody(invoice.id), { apikey: acme.apiKey });
    expect(await quota()).toBe(before - 1);
  });
});

describe('previews', () => {
  it('serves the PDF and PNG previews at the listed URLs', async () => {
    const list = (await (await get('/v1/document-templates', { apikey: acme.apiKey })).json()) as { name: string; imagePreviewUrl: string; pdfPreviewUrl: string }[];
    const item = list.find((t) => t.name === 'Invoice')!;
    const png = await fetch(item.imagePreviewUrl);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(600); // IHDR width
    expect(bytes.readUInt32BE(20)).toBe(300); // 200x100 pt page
    const pdf = await fetch(item.pdfPreviewUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(qpdfCheck(new Uint8Array(await pdf.arrayBuffer()))).toMatch(/No syntax or stream encoding errors/);
    await expectError(await fetch(item.pdfPreviewUrl.replace(/signature=[^&]+/, 'signature=forged')), 404, 'not_found');
    await expectError(await fetch(item.imagePreviewUrl.replace('preview.png', 'preview.pdf')), 404, 'not_found');
  });
});

describe('isolation and logs', () => {
  it('never shows one workspace another\'s templates, documents or quota', async () => {
    const list = (await (await get('/v1/document-templates', { apikey: globex.apiKey })).json()) as { id: string }[];
    expect(list.map((t) => t.id)).toEqual([globexTemplate.id]);
    const ws = (await (await get('/v1/workspaces', { apikey: globex.apiKey })).json()) as { name: string; remainingQuota: number };
    expect(ws).toMatchObject({ name: 'globex', remainingQuota: 5 });
    expect(await service.storage.countDocuments(globex.workspace.id)).toBe(0);
    expect(await service.storage.countDocuments(acme.workspace.id)).toBeGreaterThan(0);
  });

  it('logs one JSON line per request with no key or password in it', async () => {
    const before = service.logLines.length;
    await get(`/v1/workspaces?apikey=${encodeURIComponent(acme.apiKey)}`);
    await get('/v1/workspaces', { apikey: acme.apiKey });
    await post('/v1/pdfs', generateBody(invoice.id, { encryption_user_password: 'hunter2-password' }), { apikey: acme.apiKey });
    const lines = service.logLines.slice(before);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry).toMatchObject({ msg: 'request', path: expect.stringMatching(/^\/v1\//), status: 200 });
      expect(typeof entry['duration_ms']).toBe('number');
      expect(entry['correlation_id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(JSON.parse(lines[0]!)['query']).toBe('apikey=[redacted]');
    const everything = service.logLines.join('\n');
    expect(everything).not.toContain(acme.apiKey);
    expect(everything).not.toContain(globex.apiKey);
    expect(everything).not.toContain(encodeURIComponent(acme.apiKey));
    expect(everything).not.toContain('hunter2-password');
  });
});
