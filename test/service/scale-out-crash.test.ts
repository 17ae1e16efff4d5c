/**
 * Scale-out and crash safety with real `octavo serve` processes (issue 15): two processes on one
 * PostgreSQL share the quota exactly and each other's links; kill -9 in the middle of a burst
 * (fs and PostgreSQL) leaves no corrupt document, every link handed out still works from the
 * restarted or other process, and the quota used equals the documents stored (PostgreSQL; fs:
 * never under-counted, over by at most the generates still unanswered at the kill). Loopback only; bounded.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/processes.js';
import pg from 'pg';
import { findPostgresBinDir, startPostgresCluster } from '../../scripts/postgres-test-cluster.mjs';
import type { PostgresCluster } from '../../scripts/postgres-test-cluster.mjs';
import { addTemplate, createWorkspace } from '../../src/service/operations.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import type { Storage } from '../../src/service/storage/types.js';
import { fakeRenderer } from './helpers/fake-renderer.js';
import { qpdfCheck } from './helpers/qpdf.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { startServeProcess } from './helpers/serve-process.js';

const givenUrl = process.env['OCTAVO_TEST_DATABASE_URL'];
const postgresAvailable = givenUrl !== undefined || findPostgresBinDir() !== undefined;
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

let cluster: PostgresCluster | undefined;
let dir: string;
const processes: ServeProcess[] = [];

beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'octavo-scale-')); });
afterAll(async () => {
  for (const p of processes) p.crash();
  cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<string> {
  let base = givenUrl;
  if (base === undefined) {
    cluster ??= await startPostgresCluster();
    base = cluster.url;
  }
  const name = `octavo_scale_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE ${name}`); } finally { await admin.end(); }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function serve(args: string[]): Promise<ServeProcess> {
  const p = await startServeProcess(args);
  processes.push(p);
  return p;
}

/** A workspace with a one-line template (previews from the fake renderer: the test needs none). */
async function setUp(storage: Storage, quota: number): Promise<{ apiKey: string; templateId: string; workspaceId: string }> {
  const { apiKey, workspace } = await createWorkspace(storage, { name: `ws-${randomUUID()}`, quota });
  const { template } = await addTemplate(storage, fakeRenderer().renderPdf, { workspaceName: workspace.name, name: 'T', html: '<p>Document {{n}}</p>', sample: { n: 0 } });
  return { apiKey, templateId: template.id, workspaceId: workspace.id };
}

function generate(url: string, apiKey: string, templateId: string, n: number): Promise<Response> {
  return fetch(`${url}/v1/pdfs`, {
    method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ template_id: templateId, payload: { n } }),
  });
}

/** Link of a successful answer, or undefined (429, or the process died under it). */
async function linkOf(pending: Promise<Response>): Promise<string | undefined> {
  try {
    const response = await pending;
    if (response.status !== 200) return undefined;
    return ((await response.json()) as { data: { download_url: string } }).data.download_url;
  } catch {
    return undefined;
  }
}

/** Points a download link at another process (links are signed with the shared secret, not the host). */
const onProcess = (link: string, url: string): string => url + new URL(link).pathname + new URL(link).search;

async function expectValidDownload(link: string, url: string): Promise<void> {
  const response = await fetch(onProcess(link, url));
  expect(response.status).toBe(200);
  expect(qpdfCheck(new Uint8Array(await response.arrayBuffer()))).toMatch(/No syntax or stream encoding errors/);
}

/** A burst of `count` generates, kill -9 once `before` answers arrived; the links handed out. */
async function burstAndCrash(victim: ServeProcess, apiKey: string, templateId: string, count: number, before: number): Promise<string[]> {
  let answered = 0;
  const pending = Array.from({ length: count }, (_, n) => linkOf(generate(victim.url, apiKey, templateId, n).then((r) => {
    if (++answered === before) victim.crash();
    return r;
  })));
  const links = (await Promise.all(pending)).filter((l): l is string => l !== undefined);
  await victim.exited;
  return links;
}

describe.skipIf(!postgresAvailable && !inCi)('two octavo serve processes on one PostgreSQL', () => {
  it('share the quota exactly (50 concurrent generates, quota 30) and each other\'s links', async () => {
    const databaseUrl = await freshDatabase();
    const storage = await createPostgresStorage({ connectionString: databaseUrl });
    try {
      const { apiKey, templateId, workspaceId } = await setUp(storage, 30);
      const [a, b] = await Promise.all([serve(['--storage', 'postgres', '--database-url', databaseUrl, '--workers', '1']), serve(['--storage', 'postgres', '--database-url', databaseUrl, '--workers', '1'])]);
      const responses = await Promise.all(Array.from({ length: 50 }, (_, n) => generate(n % 2 === 0 ? a!.url : b!.url, apiKey, templateId, n)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expect(await storage.countDocuments(workspaceId)).toBe(30);
      expect((await storage.getWorkspace(workspaceId))?.remainingQuota).toBe(0);
      const fromA = responses.findIndex((r, n) => r.status === 200 && n % 2 === 0);
      const link = ((await responses[fromA]!.json()) as { data: { download_url: string } }).data.download_url;
      await expectValidDownload(link, b!.url);
    } finally {
      await storage.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('survive kill -9 of one process mid-burst: links work from the other, quota used equals documents stored', async () => {
    const databaseUrl = await freshDatabase();
    const storage = await createPostgresStorage({ connectionString: databaseUrl });
    try {
      const { apiKey, templateId, workspaceId } = await setUp(storage, 100);
      const victim = await serve(['--storage', 'postgres', '--database-url', databaseUrl, '--workers', '1']);
      const survivor = await serve(['--storage', 'postgres', '--database-url', databaseUrl, '--workers', '1']);
      const links = await burstAndCrash(victim, apiKey, templateId, 20, 5);
      expect(links.length).toBeGreaterThanOrEqual(4);
      for (const link of links) await expectValidDownload(link, survivor.url);
      const used = 100 - (await storage.getWorkspace(workspaceId))!.remainingQuota;
      const documents = await storage.countDocuments(workspaceId);
      expect(documents).toBeGreaterThanOrEqual(links.length);
      expect(used).toBe(documents); // the unit and the document are one transaction
    } finally {
      await storage.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});

/** Generates sent at once, and the answers that arrive before the kill. */
const BURST = 20;
const ANSWERED_BEFORE_KILL = 5;

describe('kill -9 with fs storage', () => {
  it('leaves no corrupt document; after a restart every link handed out works and the quota is never under-counted', async () => {
    const data = join(dir, 'fs');
    const storage = await createFsStorage(data);
    const { apiKey, templateId, workspaceId } = await setUp(storage, 100);
    await storage.close();
    const victim = await serve(['--data-dir', data, '--workers', '1']);
    const links = await burstAndCrash(victim, apiKey, templateId, BURST, ANSWERED_BEFORE_KILL);
    expect(links.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL - 1);
    const restarted = await serve(['--data-dir', data, '--workers', '1']);
    for (const link of links) await expectValidDownload(link, restarted.url);
    const after = await createFsStorage(data);
    try {
      const used = 100 - (await after.getWorkspace(workspaceId))!.remainingQuota;
      const documents = await after.countDocuments(workspaceId);
      expect(documents).toBeGreaterThanOrEqual(links.length);
      // the unit is taken just before the document is put in place: a kill between the two
      // over-counts by the documents in that step at that instant, never under-counts. Renders are
      // quick and the storage steps wait on fsync, so under slow disks any of the generates still
      // unanswered at the kill can be there (CI once saw three).
      expect(used - documents).toBeGreaterThanOrEqual(0);
      expect(used - documents).toBeLessThanOrEqual(BURST - ANSWERED_BEFORE_KILL);
    } finally {
      await after.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
