/**
 * The job store contract (records/jobs.ts) on memory and on a real PostgreSQL: idempotency keys per
 * workspace, exactly-once completion (two runs of one job finishing at the same time store one
 * document and take one unit), quota exhaustion as a typed failure, the sweep of finished jobs.
 * Then the PostgreSQL queue itself: a job whose first run threw is retried by pg-boss.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GenerateCommand } from '../../src/service/commands.js';
import { createMemoryJobStore } from '../../src/service/jobs/memory-store.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import type { JobStore } from '../../src/service/records/jobs.js';
import { createPostgresJobStore } from '../../src/service/storage/jobs-postgres.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import type { Storage } from '../../src/service/storage/types.js';
import { fakeRenderer, tinyPdf } from './helpers/fake-renderer.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import { template, tenant } from './helpers/service.js';

afterAll(() => { stopCluster(); });

const command = (templateId: string): GenerateCommand => ({ templateId, payload: { n: 1 }, referenceId: null, encryption: undefined });

function describeJobStore(kind: string, open: () => Promise<{ storage: Storage; jobs: JobStore; close(): Promise<void> }>) {
  describe(`job store: ${kind}`, () => {
    async function setUp(quota: number) {
      const opened = await open();
      const { workspace } = await tenant(opened.storage, `ws-${Math.random()}`, quota);
      const t = await template(opened.storage, fakeRenderer().renderPdf, workspace, 'T');
      return { ...opened, workspace, templateId: t.id };
    }

    it('creates a job per idempotency key and workspace, and returns the same job for the same key', async () => {
      const { storage, jobs, workspace, templateId, close } = await setUp(5);
      try {
        const input = { workspaceId: workspace.id, command: command(templateId), templateVersion: 1, idempotencyKey: 'k', webhookUrl: null, batchId: null, baseUrl: 'http://127.0.0.1' };
        const [a, b] = await Promise.all([jobs.createJob(input, new Date()), jobs.createJob(input, new Date())]);
        expect(a.job.id).toBe(b.job.id);
        expect([a.created, b.created].sort()).toEqual([false, true]);
        const other = await tenant(storage, `other-${Math.random()}`, 5);
        const theirs = await jobs.createJob({ ...input, workspaceId: other.workspace.id }, new Date());
        expect(theirs.job.id).not.toBe(a.job.id);
        expect(await jobs.getJob(other.workspace.id, a.job.id)).toBeUndefined();
        expect((await jobs.getJob(workspace.id, a.job.id))?.state).toBe('pending');
      } finally { await close(); }
    });

    it('finishes a job once: two runs completing together store one document and take one unit', async () => {
      const { storage, jobs, workspace, templateId, close } = await setUp(5);
      try {
        const { job } = await jobs.createJob({ workspaceId: workspace.id, command: command(templateId), templateVersion: 1, idempotencyKey: null, webhookUrl: null, batchId: null, baseUrl: 'http://127.0.0.1' }, new Date());
        const first = await jobs.startJob(job.id, new Date());
        const second = await jobs.startJob(job.id, new Date());
        expect(first).toMatchObject({ kind: 'run', command: { templateId, payload: { n: 1 }, referenceId: null } });
        expect(second).toMatchObject({ kind: 'run', job: { attempts: 2, state: 'generating' } });
        const done = await Promise.all([1, 2].map(() => jobs.succeedJob(job.id, { pdf: tinyPdf(), ttlSeconds: 60 }, new Date())));
        expect(done.map((j) => j.state)).toEqual(['success', 'success']);
        expect(done[0]!.documentId).toBe(done[1]!.documentId);
        expect(await storage.countDocuments(workspace.id)).toBe(1);
        expect((await storage.getWorkspace(workspace.id))?.remainingQuota).toBe(4);
        expect(await jobs.startJob(job.id, new Date())).toMatchObject({ kind: 'finished', job: { state: 'success' } });
        expect((await jobs.failJob(job.id, { code: 'render_error', message: 'late' }, new Date())).state).toBe('success');
      } finally { await close(); }
    });

    it('ends a job as quota_exceeded when the last unit went elsewhere, and sweeps finished jobs', async () => {
      const { storage, jobs, workspace, templateId, close } = await setUp(1);
      try {
        const input = { workspaceId: workspace.id, command: command(templateId), templateVersion: 1, idempotencyKey: null, webhookUrl: null, batchId: null, baseUrl: 'http://127.0.0.1' };
        const [a, b] = [(await jobs.createJob(input, new Date())).job, (await jobs.createJob(input, new Date())).job];
        const outcomes = await Promise.all([a, b].map((j) => jobs.succeedJob(j.id, { pdf: tinyPdf(), ttlSeconds: 60 }, new Date())));
        expect(outcomes.map((j) => j.state).sort()).toEqual(['failure', 'success']);
        expect(outcomes.find((j) => j.state === 'failure')?.error?.code).toBe('quota_exceeded');
        expect(await storage.countDocuments(workspace.id)).toBe(1);
        const pending = (await jobs.createJob(input, new Date())).job;
        expect(await jobs.deleteFinishedJobs(new Date(Date.now() + 1000))).toBe(2);
        expect(await jobs.getJob(workspace.id, a.id)).toBeUndefined();
        expect(await jobs.getJob(workspace.id, pending.id)).toBeDefined();
      } finally { await close(); }
    });
  });
}

describeJobStore('memory', async () => {
  const storage = createMemoryStorage();
  return { storage, jobs: createMemoryJobStore(storage), close: () => storage.close() };
});

if (!postgresAvailable && inCi) {
  it('needs PostgreSQL in CI', () => { throw new Error('PostgreSQL binaries not found (install `postgresql` or set OCTAVO_TEST_DATABASE_URL)'); });
} else if (postgresAvailable) {
  describeJobStore('postgres', async () => {
    const url = await freshDatabase();
    const storage = await createPostgresStorage({ connectionString: url });
    const jobs = createPostgresJobStore({ connectionString: url });
    return { storage, jobs, close: async () => { await jobs.close(); await storage.close(); } };
  });

  describe('the PostgreSQL queue (pg-boss)', () => {
    it('runs jobs sent by another process, and retries a run that threw', async () => {
      const url = await freshDatabase();
      const storage = await createPostgresStorage({ connectionString: url });
      const fake = fakeRenderer();
      let thrown = 0;
      const flaky = async (job: Parameters<typeof fake.renderPdf>[0]) => {
        if ((job.data as { n?: number }).n === 1 && thrown++ === 0) throw new Error('worker hiccup');
        return fake.renderPdf(job);
      };
      const common = { storage, databaseUrl: url, linkTtlSeconds: 60, abandonAfterSeconds: 30, pollingIntervalSeconds: 0.5 };
      const api = await startJobs({ ...common, concurrency: 0 });
      const worker = await startJobs({ ...common, concurrency: 2, renderPdf: flaky });
      try {
        const { workspace } = await tenant(storage, 'queue', 10);
        const t = await template(storage, fake.renderPdf, workspace, 'T');
        const ids: string[] = [];
        for (const n of [1, 2, 3]) {
          const { job } = await api.store.createJob({ workspaceId: workspace.id, command: { ...command(t.id), payload: { n } }, templateVersion: 1, idempotencyKey: null, webhookUrl: null, batchId: null, baseUrl: 'http://127.0.0.1' }, new Date());
          await api.queue.enqueue(job.id);
          ids.push(job.id);
        }
        const deadline = Date.now() + 20_000;
        let states: string[] = [];
        while (Date.now() < deadline) {
          states = await Promise.all(ids.map(async (id) => (await api.store.getJob(workspace.id, id))!.state));
          if (states.every((s) => s === 'success')) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(states).toEqual(['success', 'success', 'success']);
        expect((await api.store.getJob(workspace.id, ids[0]!))?.attempts).toBe(2);
        expect(await storage.countDocuments(workspace.id)).toBe(3);
      } finally {
        await worker.close();
        await api.close();
        await storage.close();
      }
    }, 60_000);
  });
}
