/**
 * Issue 26, HTTP: a declared Content-Length over the body limit is answered 413 at once (the body
 * is not waited for), and with the database stopped `octavo serve` answers generate 503 with
 * `Retry-After` (not 500) and /healthz 503 saying why — and keeps running. A real `octavo serve`
 * on 127.0.0.1 against a throwaway PostgreSQL cluster that the test stops. Needs `npm run build`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster } from '../../scripts/postgres-test-cluster.mjs';
import type { ServeProcess } from './helpers/serve-process.js';
import { runOctavo as octavo, startServeProcess } from './helpers/serve-process.js';

let cluster: { url: string; stop(): void } | undefined;
let server: ServeProcess | undefined;
let dir: string;
let apiKey: string;
let templateId: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'octavo-storage-down-'));
  cluster = await startPostgresCluster();
  const db = ['--database-url', cluster.url];
  apiKey = (JSON.parse((await octavo(['workspace', 'create', '--name', 'down', '--quota', '10', ...db])).stdout) as { apiKey: string }).apiKey;
  await writeFile(join(dir, 'doc.html'), '<p>{{text}}</p>');
  await writeFile(join(dir, 'sample.json'), '{"text": "hello"}');
  const added = await octavo(['template', 'add', join(dir, 'doc.html'), '--workspace', 'down', '--name', 'Doc', '--sample', join(dir, 'sample.json'), ...db]);
  templateId = (JSON.parse(added.stdout) as { id: string }).id;
  server = await startServeProcess([...db, '--workers', '1']);
}, 120_000);
afterAll(async () => {
  server?.crash();
  await server?.exited;
  cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

function generate(): Promise<Response> {
  return fetch(`${server!.url}/v1/pdfs`, {
    method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: templateId, payload: { text: 'x' } }),
  });
}

/** Sends raw request bytes and resolves to the status line of the answer. */
function rawRequest(text: string): Promise<string> {
  const { port, hostname } = new URL(server!.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => { answer += chunk.toString('latin1'); });
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(text);
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

describe('octavo serve over HTTP, hostile bodies and a stopped database', () => {
  it('answers a declared Content-Length over the body limit with 413 at once, without waiting for the body', async () => {
    const started = Date.now();
    const status = await rawRequest(`POST /v1/pdfs HTTP/1.1\r\nHost: x\r\napikey: ${apiKey}\r\ncontent-type: application/json\r\n`
      + 'Content-Length: 1000000000000\r\n\r\n{}');
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);
  }, 30_000);

  it('answers 503 with Retry-After when PostgreSQL is stopped, /healthz says so, and the server stays up', async () => {
    expect((await generate()).status).toBe(200);
    cluster!.stop();
    cluster = undefined;
    const started = Date.now();
    const refused = await generate();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error_code: 'service_unavailable', message: expect.stringContaining('the storage is not reachable') });
    const health = await fetch(`${server!.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(await health.json()).toMatchObject({ error_code: 'service_unavailable', message: expect.stringMatching(/storage is not reachable: .+/) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server!.child.exitCode).toBeNull();
  }, 60_000);
});
