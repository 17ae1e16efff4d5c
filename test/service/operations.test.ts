/**
 * Operations (issue 15): /healthz, Prometheus /metrics, SIGTERM drains in-flight renders.
 * Real HTTP on 127.0.0.1; the drain test runs `octavo serve` from dist/ (npm test builds it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/processes.js';
import { silentLogger } from '../../src/service/logging.js';
import { addTemplate, createWorkspace } from '../../src/service/operations.js';
import type { RunningService } from '../../src/service/main/server.js';
import { startService } from '../../src/service/main/server.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import type { Storage } from '../../src/service/storage/types.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import { busyFor, processCpuMs, startServeProcess } from './helpers/serve-process.js';
import { expectError, generateBody } from './helpers/service.js';

let service: RunningService;
let storage: Storage;
let apiKey: string;
let templateId: string;
let storageDown = false;

beforeAll(async () => {
  const memory = createMemoryStorage();
  // a storage that can be made unreachable, for /healthz
  storage = new Proxy(memory, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'getWorkspace' && typeof value === 'function') {
        return (...args: unknown[]) => (storageDown ? Promise.reject(new Error('connection refused')) : (value as (...a: unknown[]) => unknown).apply(target, args));
      }
      return value;
    },
  });
  const fake = fakeRenderer();
  service = await startService({ storage, host: '127.0.0.1', port: 0, renderPdf: fake.renderPdf, logger: silentLogger });
  const created = await createWorkspace(storage, { name: 'ops', quota: 1 });
  apiKey = created.apiKey;
  templateId = (await addTemplate(storage, fake.renderPdf, { workspaceName: 'ops', name: 'T', html: 'x', sample: {} })).template.id;
});
afterAll(() => service.close());

describe('operations', () => {
  it('answers /healthz 200 while the storage is reachable, 503 with the error body when not', async () => {
    const ok = await fetch(`${service.url}/healthz`);
    expect({ status: ok.status, body: await ok.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    storageDown = true;
    try {
      await expectError(await fetch(`${service.url}/healthz`), 503, 'service_unavailable');
    } finally {
      storageDown = false;
    }
  });

  it('serves Prometheus metrics: requests, render time, queue length, quota refusals', async () => {
    const post = () => fetch(`${service.url}/v1/pdfs`, { method: 'POST', body: generateBody(templateId), headers: { apikey: apiKey, 'content-type': 'application/json' } });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(429);
    const response = await fetch(`${service.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^octavo_http_requests_total\{method="POST",status="200"\} 1$/m);
    expect(text).toMatch(/^octavo_http_requests_total\{method="POST",status="429"\} 1$/m);
    expect(text).toMatch(/^octavo_quota_refusals_total 1$/m);
    expect(text).toMatch(/^octavo_render_duration_seconds_count\{outcome="ok"\} 1$/m);
    expect(text).toMatch(/^octavo_render_queue_length 0$/m);
    expect(text).toMatch(/^octavo_process_resident_memory_bytes \d+/m);
  });
});

describe('graceful shutdown', () => {
  let dir: string;
  beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'octavo-drain-')); });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finishes the render in flight on SIGTERM, then exits 0', async () => {
    const data = join(dir, 'data');
    const fs = await createFsStorage(data);
    const { apiKey: key } = await createWorkspace(fs, { name: 'drain', quota: 5 });
    const { createEngineRenderer } = await import('../../src/service/renderer.js');
    const id = (await addTemplate(fs, createEngineRenderer(), { workspaceName: 'drain', name: 'Long', html: '{{#each rows}}<p>row {{this}}</p>{{/each}}', sample: { rows: [1] } })).template.id;
    await fs.close();
    const { url, child, exited, crash } = await startServeProcess(['--data-dir', data, '--workers', '1']);
    try {
      const generate = (rows: number[]) => fetch(`${url}/v1/pdfs`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: id, payload: { rows } }) });
      expect((await generate([1])).status).toBe(200); // the worker thread is up and warm: the server idles
      const idle = processCpuMs(child.pid!);
      const pending = generate(Array.from({ length: 2_000 }, (_, i) => i)); // about a second of CPU time
      await busyFor(child.pid!, 50, idle); // the server is rendering it (a fixed sleep lost the race on a loaded machine)
      child.kill('SIGTERM');
      const response = await pending;
      expect(response.status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      crash();
    }
  }, PROCESS_TEST_TIMEOUT_MS); // a cold server and two renders: slow on a loaded machine
});
