/**
 * The HTTP service under hostile clients (issue 15): oversized bodies still streaming, slow
 * loris, malformed HTTP and JSON, deep JSON, wrong types, unknown fields. Every refusal carries
 * the JSON error body, and the server keeps serving after each. Raw sockets on 127.0.0.1 only;
 * every loop is bounded in bytes and time.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRecord } from '../../src/service/storage/types.js';
import type { Tenant, TestService } from './helpers/service.js';
import { expectError, generateBody, startTestService, template, tenant } from './helpers/service.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { addTemplate } from '../../src/service/operations.js';
import { createEngineRenderer } from '../../src/service/renderer.js';

let service: TestService;
let acme: Tenant;
let invoice: TemplateRecord;
let host: string;
let port: number;

beforeAll(async () => {
  service = await startTestService({ bodyLimitBytes: 64 * 1024, server: { headersTimeoutMs: 500, requestTimeoutMs: 1_500, drainLimitBytes: 4 * 1024 * 1024 } });
  acme = await tenant(service.storage, 'acme', 100);
  invoice = await template(service.storage, service.fake.renderPdf, acme.workspace, 'Invoice');
  const url = new URL(service.url);
  host = url.hostname;
  port = Number(url.port);
});
afterAll(() => service.close());

/** Sends `head`, then `chunks` of the body (each after `delayMs`); resolves with everything the server sent before it closed. */
function rawExchange(head: string, chunks: readonly Buffer[] = [], delayMs = 0, maxMs = 8_000): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const received: Buffer[] = [];
    let error: string | undefined;
    const done = () => { clearTimeout(timer); resolve({ text: Buffer.concat(received).toString('utf8'), ...(error === undefined ? {} : { error }) }); };
    const timer = setTimeout(() => { socket.destroy(); }, maxMs);
    socket.on('data', (data) => received.push(data));
    socket.on('error', (e: Error & { code?: string }) => { error = e.code ?? e.message; });
    socket.on('close', done);
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (socket.destroyed || !socket.writable) break;
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        socket.write(chunk);
      }
    });
  });
}

function parseRaw(text: string): { status: number; headers: string; body: Record<string, string> } {
  const [headers = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
  let body = rest.join('\r\n\r\n');
  if (/transfer-encoding: chunked/i.test(headers)) body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
  return { status, headers, body: JSON.parse(body) as Record<string, string> };
}

function expectRawError(text: string, status: number, code: string): void {
  const answer = parseRaw(text);
  expect({ status: answer.status, code: answer.body['error_code'] }).toEqual({ status, code });
  expect(Object.keys(answer.body).sort()).toEqual(['correlation_id', 'documentation_url', 'error_code', 'message']);
  expect(answer.headers.toLowerCase()).toContain(`x-correlation-id: ${answer.body['correlation_id']}`);
}

async function stillServing(): Promise<void> {
  const response = await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: acme.apiKey } });
  expect(response.status).toBe(200);
}

const postHead = (extra: string) =>
  `POST /v1/pdfs HTTP/1.1\r\nHost: ${host}\r\napikey: ${acme?.apiKey}\r\ncontent-type: application/json\r\n${extra}\r\n`;

describe('oversized bodies', () => {
  it('answers 413 to a client still streaming a chunked body, instead of resetting it', async () => {
    const chunk = Buffer.from(`4000\r\n${'x'.repeat(0x4000)}\r\n`);
    const chunks = [...Array.from({ length: 64 }, () => chunk), Buffer.from('0\r\n\r\n')];
    const { text, error } = await rawExchange(postHead('transfer-encoding: chunked\r\n'), chunks);
    expect(error).toBeUndefined();
    expectRawError(text, 413, 'payload_too_large');
    expect(parseRaw(text).body['message']).toContain('larger than 65536 bytes');
    expect(parseRaw(text).headers.toLowerCase()).toContain('connection: close');
    await stillServing();
  });

  it('answers 413 to a declared oversized body while the client sends it', async () => {
    const size = 1024 * 1024;
    const chunks = Array.from({ length: 16 }, () => Buffer.alloc(size / 16, 0x20));
    const { text, error } = await rawExchange(postHead(`content-length: ${size}\r\n`), chunks, 5);
    expect(error).toBeUndefined();
    expectRawError(text, 413, 'payload_too_large');
    await stillServing();
  });

  it('answers, then closes, when the rest of the body is over the discard bound', async () => {
    const size = 64 * 1024 * 1024; // past the 4 MiB drain bound
    const chunks = Array.from({ length: 256 }, () => Buffer.alloc(256 * 1024, 0x20)); // stops after 64 MiB at most
    const { text } = await rawExchange(postHead(`content-length: ${size}\r\n`), chunks);
    expectRawError(text, 413, 'payload_too_large');
    await stillServing();
  });
});

describe('slow and malformed clients', () => {
  it('answers 408 with the error body to a client that never finishes its headers (slow loris)', async () => {
    // headers timeout 0.5 s, checked every 0.5 s: the client waits 30 s, half Node's default
    // headers timeout (60 s), so an answer at all shows the service's own timeout at work
    const { text } = await rawExchange(`GET /v1/workspaces HTTP/1.1\r\nHost: ${host}\r\n`, [Buffer.from('x-slow: 1\r\n')], 100, 30_000);
    expectRawError(text, 408, 'request_timeout');
    expect(service.logLines.some((line) => line.includes('"error_code":"request_timeout"'))).toBe(true);
    await stillServing();
  });

  it('answers 408 to a client that sends its body too slowly', async () => {
    const chunks = Array.from({ length: 40 }, () => Buffer.from(' '));
    const { text } = await rawExchange(postHead('content-length: 100\r\n'), chunks, 100);
    expect(parseRaw(text).status).toBe(408);
    await stillServing();
  });

  it('answers 400 with the error body to malformed HTTP', async () => {
    const { text } = await rawExchange('THIS IS NOT HTTP\r\n\r\n');
    expectRawError(text, 400, 'validation_error');
    await stillServing();
  });
});

describe('malformed and hostile JSON', () => {
  const post = (body: string) => fetch(`${service.url}/v1/pdfs`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', apikey: acme.apiKey },
  });

  it('refuses deeply nested JSON quickly with 422 limit_exceeded, before parsing it', async () => {
    const deep = `{"template_id":"${invoice.id}","payload":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    // client and service share this process: its CPU time bounds the service's work (wall time grows with the machine's load)
    const { result: answer, ms } = await cpuTime(async () => expectError(await post(deep), 422, 'limit_exceeded'));
    expect(answer['message']).toContain('limits.maxDataDepth = 64');
    expect(ms).toBeLessThan(5_000);
    const inString = JSON.stringify({ template_id: invoice.id, payload: JSON.stringify({ a: JSON.parse('['.repeat(100) + ']'.repeat(100)) }) });
    await expectError(await post(inString), 422, 'limit_exceeded');
    const fine = JSON.stringify({ template_id: invoice.id, payload: { text: '[[[[{{{{'.repeat(100), nested: [[[[1]]]] } });
    expect((await post(fine)).status).toBe(200);
  });

  it('refuses a payload over the engine\'s maxPayloadBytes with 422 limit_exceeded naming it, without using quota', async () => {
    const small = await startTestService({ renderPdf: createEngineRenderer({ limits: { maxPayloadBytes: 2_000 } }) });
    try {
      const tenant2 = await tenant(small.storage, 'payload', 5);
      const note = (await addTemplate(small.storage, small.fake.renderPdf, { workspaceName: 'payload', name: 'Note', html: '<p>{{text}}</p>' })).template;
      const send = (text: string) => fetch(`${small.url}/v1/pdfs`, {
        method: 'POST', headers: { 'content-type': 'application/json', apikey: tenant2.apiKey }, body: JSON.stringify({ template_id: note.id, payload: { text } }),
      });
      const body = await expectError(await send('x'.repeat(3_000)), 422, 'limit_exceeded');
      expect(body['message']).toContain('(limits.maxPayloadBytes = 2000)');
      expect((await small.storage.getWorkspace(tenant2.workspace.id))?.remainingQuota).toBe(5);
      expect((await send('x'.repeat(1_000))).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('answers 400 for wrong types, invalid uuids and bad encodings', async () => {
    const bodies = [
      JSON.stringify({ template_id: invoice.id.replace(/-/g, '') }),
      JSON.stringify({ template_id: `${invoice.id}x` }),
      JSON.stringify({ template_id: [invoice.id] }),
      JSON.stringify({ template_id: invoice.id, encryption_allow_printing: 1 }),
      JSON.stringify({ template_id: invoice.id, reference_id: 'r'.repeat(256) }),
      '{"template_id": "' + invoice.id + '", }',
      '\u0000',
    ];
    for (const body of bodies) await expectError(await post(body), 400, 'validation_error');
    for (const query of ['Page=0', 'Page=-1', 'Page=abc', 'PageSize=101', 'PageSize=1.5', 'Page=99999999999']) {
      await expectError(await fetch(`${service.url}/v1/document-templates?${query}`, { headers: { apikey: acme.apiKey } }), 400, 'validation_error');
    }
    await stillServing();
  });

  it('ignores unknown fields (a newer client keeps working)', async () => {
    const response = await post(generateBody(invoice.id, { future_field: { x: 1 }, another: [1, 2], reference_id: 'ref-1' }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { reference_id: string } }).data.reference_id).toBe('ref-1');
  });

  it('keeps __proto__ and constructor keys of the payload as plain data', async () => {
    const before = service.fake.jobs.length;
    const body = '{"template_id":"' + invoice.id + '","payload":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}';
    expect((await post(body)).status).toBe(200);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const payload = service.fake.jobs[before]?.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype);
    expect((payload as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('isolation and tampered links', () => {
  const generateAs = async (key: string, templateId: string, payload: unknown): Promise<string> => {
    const response = await fetch(`${service.url}/v1/pdfs`, {
      method: 'POST', body: JSON.stringify({ template_id: templateId, payload }), headers: { 'content-type': 'application/json', apikey: key },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { download_url: string } }).data.download_url;
  };

  it('refuses links whose signature, expiry or document id was changed, also across workspaces', async () => {
    const other = await tenant(service.storage, `other-${Date.now()}`, 10);
    const otherTemplate = await template(service.storage, service.fake.renderPdf, other.workspace, 'Other');
    const mine = new URL(await generateAs(acme.apiKey, invoice.id, { secret: 'acme-payload-secret' }));
    const theirs = new URL(await generateAs(other.apiKey, otherTemplate.id, { secret: 'other-payload-secret' }));
    expect((await fetch(mine)).status).toBe(200);
    const variants: URL[] = [];
    const withParam = (url: URL, name: string, value: string) => { const u = new URL(url); u.searchParams.set(name, value); return u; };
    variants.push(withParam(mine, 'signature', `${mine.searchParams.get('signature')!.slice(0, -2)}AA`));
    variants.push(withParam(mine, 'expires', String(Number(mine.searchParams.get('expires')) + 3600)));
    const swapped = new URL(mine);
    swapped.pathname = theirs.pathname; // their document id under my signature
    variants.push(swapped);
    const noSignature = new URL(mine);
    noSignature.searchParams.delete('signature');
    variants.push(noSignature);
    for (const url of variants) await expectError(await fetch(url), 404, 'not_found');
    // another workspace's template: not listed, not usable, indistinguishable from a missing one
    const listed = (await (await fetch(`${service.url}/v1/document-templates`, { headers: { apikey: acme.apiKey } })).json()) as { id: string }[];
    expect(listed.map((t) => t.id)).not.toContain(otherTemplate.id);
    const body = JSON.stringify({ template_id: otherTemplate.id });
    await expectError(await fetch(`${service.url}/v1/pdfs`, { method: 'POST', body, headers: { 'content-type': 'application/json', apikey: acme.apiKey } }), 404, 'not_found');
    // no payload content or key in the log
    const log = service.logLines.join('\n');
    for (const secret of ['acme-payload-secret', 'other-payload-secret', acme.apiKey, other.apiKey]) expect(log).not.toContain(secret);
  });
});

describe('dates', () => {
  it('lists templates with created and modified as date-times, modified = created until changed', async () => {
    const response = await fetch(`${service.url}/v1/document-templates`, { headers: { apikey: acme.apiKey } });
    const [item] = (await response.json()) as { created: string; modified: string }[];
    expect(item?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(item?.modified).toBe(item?.created);
  });
});
