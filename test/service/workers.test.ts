/** The render pool: child processes, time limit with process replacement, crashes contained, errors as data. */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/api/errors.js';
import type { WorkerPool } from '../../src/service/workers.js';
import { createWorkerPool, defaultWorkerFile } from '../../src/service/workers.js';
import { JobFilesKept, JobFilesSent } from '../../src/service/job-files.js';
import type { RenderJob } from '../../src/service/renderer.js';
import { processTreeCpuMs } from './helpers/serve-process.js';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';

const workerFile = fileURLToPath(new URL('./fixtures/test-worker.mjs', import.meta.url));
let pool: WorkerPool | undefined;
afterEach(async () => { await pool?.close(); pool = undefined; });

describe('render worker pool', () => {
  it('renders in a child process', async () => {
    pool = createWorkerPool({ workerFile, threads: 1, timeoutMs: 5_000 });
    const result = await pool.renderPdf({ template: 'x', data: {} });
    expect(Array.from(result.pdf)).toEqual([37, 80, 68, 70, 45]);
    expect(result.pages).not.toBe(process.pid); // the render process's pid
  });

  it('loads the engine from its bundle once built (dist/service/render-worker.cjs: the code-cached one file)', () => {
    ensureBuilt();
    expect(defaultWorkerFile()).toMatch(/[\\/]dist[\\/]service[\\/]render-worker\.cjs$/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('gives its render processes the fonts it is given (octavo serve --font-dir)', async () => {
    const fonts = fileURLToPath(new URL('../fixtures/fonts/SourceSerif4-Regular.woff2', import.meta.url));
    // U+2E3A: in Source Serif 4, in no bundled font
    pool = createWorkerPool({ threads: 1, fonts: [fonts] });
    expect((await pool.renderPdf({ template: '<p>a\u2E3Ab</p>', data: {} })).warnings).toEqual([]);
    await pool.close();
    pool = createWorkerPool({ threads: 1 });
    expect((await pool.renderPdf({ template: '<p>a\u2E3Ab</p>', data: {} })).warnings).toEqual([expect.stringMatching(/no available font has a glyph for U\+2E3A/)]);
  });

  it('renders requests after its warm-up job, also when the warm-up fails', async () => {
    pool = createWorkerPool({ threads: 1, warmUp: { template: '<p>{{warm}}</p>', data: { warm: 'up' } } });
    const answers = await Promise.all([1, 2, 3].map((n) => pool!.renderPdf({ template: `<p>document ${n}</p>`, data: {} })));
    for (const answer of answers) expect({ pages: answer.pages, warnings: answer.warnings, head: Buffer.from(answer.pdf.subarray(0, 5)).toString() }).toEqual({ pages: 1, warnings: [], head: '%PDF-' });
    await pool.close();
    pool = createWorkerPool({ threads: 1, warmUp: { template: '{{#if}}', data: {} } });
    expect((await pool.renderPdf({ template: '<p>after a failed warm-up</p>', data: {} })).pages).toBe(1);
  });

  it('turns a failure into its ServiceError', async () => {
    pool = createWorkerPool({ workerFile, threads: 1 });
    await expect(pool.renderPdf({ template: 'x', data: { fail: true } })).rejects.toMatchObject({ code: 'template_error', status: 422 });
  });

  it('answers 422 limit_exceeded after the time limit (and a grace period) and replaces the hung worker', async () => {
    // the limit also covers the thread's start, which a loaded machine slows past a few hundred ms
    pool = createWorkerPool({ workerFile, threads: 1, timeoutMs: 2_000 });
    const first = await pool.renderPdf({ template: 'x', data: {} });
    // the render would block its thread for ten minutes: any answer within the test's time shows
    // that the pool stopped it (no wall-time bound, which a loaded machine would break)
    const error = await pool.renderPdf({ template: 'x', data: { spinMs: 600_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'limit_exceeded', status: 422 });
    expect((error as Error).message).toContain('longer than 2000 ms (limits.maxRenderMs = 2000)');
    const after = await pool.renderPdf({ template: 'x', data: {} });
    expect(after.pages).not.toBe(first.pages); // a new process
  });

  it.each(['abort', 'segv'])('answers 500 render_crashed when the render process dies (%s), replaces it and goes on', async (crash) => {
    pool = createWorkerPool({ workerFile, threads: 1, timeoutMs: 5_000 });
    const first = await pool.renderPdf({ template: 'x', data: {} });
    const before = processTreeCpuMs(process.pid); // this process and its render processes: the work, not the machine's load
    const error = await pool.renderPdf({ template: 'x', data: { crash } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'render_crashed', status: 500, message: expect.stringContaining(crash === 'abort' ? 'signal SIGABRT' : 'signal SIGSEGV') });
    const after = await pool.renderPdf({ template: 'x', data: {} });
    expect(after.pages).not.toBe(first.pages); // served by the replacement
    expect(processTreeCpuMs(process.pid) - before).toBeLessThan(5_000);
  });

  it('lets the renders of the other processes finish when one crashes', async () => {
    pool = createWorkerPool({ workerFile, threads: 2, timeoutMs: 5_000 });
    await Promise.all([pool.renderPdf({ template: 'x', data: {} }), pool.renderPdf({ template: 'x', data: {} })]);
    const [crashed, neighbour] = await Promise.allSettled([
      pool.renderPdf({ template: 'x', data: { crash: 'abort' } }),
      pool.renderPdf({ template: 'x', data: { spinMs: 300 } }),
    ]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { code: 'render_crashed' } });
    expect(neighbour).toMatchObject({ status: 'fulfilled' });
  });

  it('answers 503 with Retry-After when the queue is full, and serves again after', async () => {
    pool = createWorkerPool({ workerFile, threads: 1, maxQueue: 1, timeoutMs: 10_000 });
    await pool.renderPdf({ template: 'x', data: {} }); // the thread is up
    const busy = pool.renderPdf({ template: 'x', data: { spinMs: 400 } });
    const queued = pool.renderPdf({ template: 'x', data: {} });
    expect(pool.queueSize()).toBe(1);
    const refused = await pool.renderPdf({ template: 'x', data: {} }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'service_unavailable', status: 503, headers: { 'Retry-After': '2' } });
    await Promise.all([busy, queued]);
    expect((await pool.renderPdf({ template: 'x', data: {} })).pdf.byteLength).toBe(5);
  });

  it('sends a template version\'s files to a process once, and again when the process no longer keeps them', async () => {
    const versionOf = (name: string, size: number, fill: number): RenderJob => ({
      template: name, data: { echoFiles: true }, filesVersion: `ws/${name}@1/0`, files: new Map([[`${name}.ttf`, new Uint8Array(size).fill(fill)]]),
    });
    const [a, b] = [versionOf('a', 600, 1), versionOf('b', 600, 2)];
    // the process keeps 1,000 bytes: one version at a time, so a, b, a sends a's files twice (the second time after `missingFiles`)
    pool = createWorkerPool({ workerFile, threads: 1, keptFilesBytes: 1_000 });
    const seen: (readonly string[] | undefined)[] = [];
    for (const job of [a, a, b, b, a, a]) seen.push((await pool.renderPdf(job)).warnings);
    expect(seen).toEqual([a, a, b, b, a, a].map((job) => (job === a ? ['template:a', 'a.ttf:600:1'] : ['template:b', 'b.ttf:600:2'])));
    // the same version never reaches another workspace's or template's job: the key is the version
    const other = { ...a, filesVersion: 'other/a@1/0', files: new Map([['a.ttf', new Uint8Array(3).fill(9)]]) };
    expect((await pool.renderPdf(other)).warnings).toEqual(['template:a', 'a.ttf:3:9']);
  });

  it('leaves out the source and files of a version already sent to that process, and fills them in there', () => {
    const job: RenderJob = { template: 'x', data: {}, filesVersion: 'ws/t@1/0', files: new Map([['logo.png', new Uint8Array([1, 2])]]) };
    const sent = new JobFilesSent();
    const kept = new JobFilesKept();
    const first = sent.message(1, job);
    expect(first).toEqual({ id: 1, job });
    expect(kept.complete(first.job, first.filesKept === true)).toEqual(job);
    const second = sent.message(2, { ...job, data: { n: 2 } });
    expect(second.filesKept).toBe(true);
    expect(second.job.files).toBeUndefined();
    expect(second.job.template).toBeUndefined(); // the version names the source too
    expect(kept.complete(second.job, true)).toEqual({ ...job, data: { n: 2 } });
    expect(kept.complete(second.job, true)?.files).toBe(job.files);
    // another process (a replacement) has kept nothing: it asks for them
    expect(new JobFilesKept().complete(second.job, true)).toBeUndefined();
    sent.forget(job);
    expect(sent.message(3, job).job.files).toBe(job.files);
    // jobs without a files version (render --batch) always carry what they have
    const plain: RenderJob = { template: 'x', data: {} };
    expect(sent.message(4, plain)).toEqual({ id: 4, job: plain });
  });

  it('sizes the pool to the cores by default', () => {
    pool = createWorkerPool({ workerFile });
    expect(pool.threads).toBeGreaterThanOrEqual(1);
  });

  it('refuses a missing worker file with a hint to build', () => {
    expect(() => createWorkerPool({ workerFile: '/nonexistent/render-worker.js' })).toThrow(/npm run build/);
  });
});
