/**
 * The render processes' warm-up after `ready` (service/warm-until-steady.ts, render-process.ts):
 * the settling rule on made-up CPU figures; over real HTTP, `octavo serve --warm-up-ms` serves a
 * request while its process is still warming up and reports the warm-up's end in /metrics; a
 * process that replaces a crashed one warms up again; a bad value is a usage error. No timing
 * assertions: what is checked is what happens, not how fast. Needs `npm run build` (npm test does it).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS } from '../helpers/processes.js';
import { createEngineRenderer, renderMessage } from '../../src/service/renderer.js';
import { createEngine } from '../../src/api.js';
import { createInternalEngine } from '../../src/render.js';
import type { RenderJob, RenderResultMessage } from '../../src/service/renderer.js';
import { addTemplate, createWorkspace } from '../../src/service/operations.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import { createTemplateWarmUp } from '../../src/service/template-warm-up.js';
import { templateRenderJob } from '../../src/service/template-job.js';
import { WARM_UP_ROWS, warmUpJob, warmUpStepJob } from '../../src/service/warm-up.js';
import { WARM_UP_MIN_RENDERS, WARM_UP_TEMPLATE_MAX_MS, warmUntilSteady } from '../../src/service/warm-until-steady.js';
import type { WarmUpProgress, WarmUpTemplate } from '../../src/service/warm-until-steady.js';
import type { WorkerPool } from '../../src/service/workers.js';
import { createWorkerPool } from '../../src/service/workers.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { startServeProcess } from './helpers/serve-process.js';

const warmingWorker = fileURLToPath(new URL('./fixtures/warming-worker.mjs', import.meta.url));
const cli = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/cli/main.js');

describe('warming until the renders settle', () => {
  const OK: RenderResultMessage = { ok: true, pdf: new Uint8Array(), pages: 1, warnings: [] };

  /** A step whose made-up CPU cost is the next of `costs` (the last one repeated); a job whose template is `broken` fails. */
  function steps(costs: number[], budgetMs: number) {
    let clock = 0;
    let index = 0;
    const jobs: RenderJob[] = [];
    const render = (job: RenderJob): Promise<RenderResultMessage> => {
      jobs.push(job);
      clock += costs[Math.min(index++, costs.length - 1)]!;
      return Promise.resolve(job.template === 'broken' ? { ok: false, code: 'template_error', message: 'no such helper' } : OK);
    };
    return { step: warmUntilSteady(render, budgetMs, { cpuMs: () => clock }), jobs };
  }

  const stored = (templateId: string, template = `<p>${templateId}</p>`): WarmUpTemplate => ({ workspaceId: 'ws', templateId, job: { template, data: {} } });

  async function run(step: () => Promise<unknown>): Promise<unknown> {
    for (let calls = 1; ; calls++) {
      const done = await step();
      if (done !== undefined) return done;
      if (calls > 1_000) throw new Error('never done');
    }
  }

  it('stops once two rounds in a row are not cheaper than the cheapest and it has rendered its minimum, with the documents of every length', async () => {
    const round = WARM_UP_ROWS.length;
    // rounds cost 5 x 100, 5 x 50, then 5 x 48 twice: settled after the fourth round, but it goes on to its minimum of renders
    const { step, jobs } = steps([...Array<number>(round).fill(100), ...Array<number>(round).fill(50), 48], 1_000_000);
    expect(await run(step)).toEqual({
      renders: WARM_UP_MIN_RENDERS, cpuMs: 100 * round + 50 * round + 48 * (WARM_UP_MIN_RENDERS - 2 * round), settled: true, templateRenders: 0, failures: [],
    });
    expect(new Set(jobs.map((job) => (job.data as { items: unknown[] }).items.length))).toEqual(new Set(WARM_UP_ROWS));
  });

  it('goes on past its minimum of renders while the rounds still get cheaper', async () => {
    // each round 0.8x the one before for 30 rounds (150 renders), then flat: the first flat round is
    // still cheaper, the two after it are not, and it has settled
    const round = WARM_UP_ROWS.length;
    const falling = Array.from({ length: 30 * round }, (_, i) => 1_000 * 0.8 ** Math.floor(i / round));
    const { step } = steps([...falling, 1], 1_000_000_000);
    const done = await run(step) as WarmUpProgress;
    expect(done.settled).toBe(true);
    expect(done.renders).toBe(33 * round);
  });

  it('stops when the budget is spent, and at once with none', async () => {
    expect(await run(steps([100, 90, 80, 70, 60, 50], 250).step)).toEqual({ renders: 3, cpuMs: 270, settled: false, templateRenders: 0, failures: [] });
    const none = steps([100], 0);
    none.step.warmWith([stored('a')]);
    expect(await none.step()).toEqual({ renders: 0, cpuMs: 0, settled: false, templateRenders: 0, failures: [] });
    expect(none.jobs).toEqual([]);
  });

  it('when its renders are over, says so once, then, as it dropped something, renders each template that did not fail once more, one per step', async () => {
    let clock = 0;
    const jobs: string[] = [];
    const overAt: number[] = [];
    const render = (job: RenderJob): Promise<RenderResultMessage> => {
      jobs.push(job.templateName ?? job.template);
      clock += 10;
      return Promise.resolve(job.template === 'broken' ? { ok: false, code: 'template_error', message: 'no such helper' } : OK);
    };
    const step = warmUntilSteady(render, 35, { cpuMs: () => clock, over: () => overAt.push(jobs.length) > 0 });
    step.warmWith([stored('a'), stored('bad', 'broken'), stored('b')]);
    const results: unknown[] = [];
    for (let call = 0; call < 7; call++) results.push(await step());
    // the budget is spent at the fourth render; then a and b again (not the one that failed)
    expect(jobs).toEqual(['<p>a</p>', 'warm-up', 'broken', 'warm-up', '<p>a</p>', '<p>b</p>']);
    expect(overAt).toEqual([4]);
    expect(results.slice(0, 5)).toEqual(Array(5).fill(undefined));
    const done = { renders: 6, cpuMs: 60, settled: false, templateRenders: 4, failures: [{ workspaceId: 'ws', templateId: 'bad', message: 'no such helper' }] };
    expect(results.slice(5)).toEqual([done, done]);
  });

  it('is done at once without templates, or when it dropped nothing, and says it is over once', async () => {
    for (const templates of [[], [stored('a')]]) {
      let clock = 0;
      let over = 0;
      const step = warmUntilSteady(() => { clock += 10; return Promise.resolve(OK); }, 25, { cpuMs: () => clock, over: () => over++ < 0 });
      step.warmWith(templates);
      expect([await step(), await step()]).toEqual([undefined, undefined]);
      expect(await step()).toMatchObject({ renders: 3 });
      expect(await step()).toMatchObject({ renders: 3 });
      expect(over).toBe(1);
    }
  });

  it('goes on after a warm-up render that fails', async () => {
    let calls = 0;
    let clock = 0;
    const step = warmUntilSteady(() => { calls++; clock += 10; return Promise.reject(new Error('no')); }, 25, { cpuMs: () => clock });
    expect(await run(step)).toEqual({ renders: 3, cpuMs: 30, settled: false, templateRenders: 0, failures: [] });
    expect(calls).toBe(3);
  });

  it('renders the templates it is given first, in turn with the warm-up document, until each settles', async () => {
    // every render 10 ms: the step documents settle after 3 rounds of 5 (the 30th render), the
    // two templates after 3 rounds of 6 (18 renders: 15 in turn with the documents, then 3), then
    // the step documents again up to the minimum of renders
    const { step, jobs } = steps([10], 1_000_000);
    step.warmWith([stored('a'), stored('b')]);
    expect(await run(step)).toEqual({ renders: WARM_UP_MIN_RENDERS, cpuMs: 10 * WARM_UP_MIN_RENDERS, settled: true, templateRenders: 18, failures: [] });
    expect(jobs.slice(0, 4).map((job) => job.templateName ?? job.template)).toEqual(['<p>a</p>', 'warm-up', '<p>b</p>', 'warm-up']);
    expect(jobs.slice(30, 34).map((job) => job.templateName ?? job.template)).toEqual(['<p>b</p>', '<p>a</p>', '<p>b</p>', 'warm-up']);
  });

  it('leaves out a template whose render fails, reports it, and goes on with the others', async () => {
    const { step, jobs } = steps([10], 1_000_000);
    step.warmWith([stored('bad', 'broken'), stored('good')]);
    const done = await run(step) as WarmUpProgress;
    expect(done.failures).toEqual([{ workspaceId: 'ws', templateId: 'bad', message: 'no such helper' }]);
    expect(jobs.filter((job) => job.template === 'broken')).toHaveLength(1);
    expect(jobs.filter((job) => job.template === '<p>good</p>').length).toBeGreaterThan(1);
    expect(done.settled).toBe(true);
  });

  it('cuts a long template\'s warm-up render short at its own time limit, not as a failure, and keeps it in turn', async () => {
    // a stored template 900 pages long: a request arriving during its warm-up render would wait for all of them. Each page
    // holds a table: 900 pages of one word each rendered warm in 78 ms on a fast machine, inside the 200 ms budget (these: ~480 ms)
    const rows = Array.from({ length: 10 }, (_, r) => `<tr><td>Row ${r}</td><td>{{this}} item description</td><td>${r * 3}.50</td></tr>`).join('');
    const template = `<style>section { break-after: page } td { border: 1px solid #999 }</style>{{#each pages}}<section><h2>Page {{this}}</h2><table>${rows}</table></section>{{/each}}`;
    const long = { workspaceId: 'ws', templateId: 'long', job: { template, data: { pages: Array.from({ length: 900 }, (_, i) => i) } } };
    const engine = createEngine();
    const results: RenderResultMessage[] = [];
    let clock = 0;
    const step = warmUntilSteady(async (job) => {
      clock += 10;
      const result = await renderMessage(engine, job);
      if (job === long.job || job.data === long.job.data) results.push(result);
      return result;
    }, 40, { cpuMs: () => clock });
    step.warmWith([long]);
    expect(await run(step)).toEqual({ renders: 4, cpuMs: 40, settled: false, templateRenders: 2, failures: [] });
    expect(results.map((result) => (result.ok ? 'ok' : result.code))).toEqual(['limit_exceeded', 'limit_exceeded']);
    expect(results.map((result) => (result.ok ? '' : result.message))).toEqual(Array(2).fill(expect.stringContaining(`(the render's maxRenderMs = ${WARM_UP_TEMPLATE_MAX_MS})`)));
  }, PROCESS_TEST_TIMEOUT_MS);

  it('keeps to its budget with templates too: one render of the first with the smallest budget', async () => {
    const { step, jobs } = steps([10], 1);
    step.warmWith([stored('a'), stored('b')]);
    expect(await run(step)).toEqual({ renders: 1, cpuMs: 10, settled: false, templateRenders: 1, failures: [] });
    expect(jobs.map((job) => job.template)).toEqual(['<p>a</p>']);
  });

  it('renders every step document of the warm-up without a warning, one page and several', async () => {
    const render = createEngineRenderer();
    const pages: number[] = [];
    const images: number[] = [];
    for (let step = 0; step < WARM_UP_ROWS.length; step++) {
      const output = await render(warmUpStepJob(step));
      expect(output.warnings).toEqual([]);
      pages.push(output.pages);
      images.push(Buffer.from(output.pdf).toString('latin1').split('/Subtype /Image').length - 1);
    }
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBeGreaterThan(1);
    // the logo images (its PNGs and JPEG) embedded, not left out
    expect(images.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('takes both branches of the warm-up document and turns through its locales and currencies', async () => {
    const engine = createInternalEngine();
    const filled = await Promise.all(Array.from({ length: 12 }, async (_, step) => {
      const { template, data } = warmUpStepJob(step);
      return (await engine.fillTemplate({ template, data })).html;
    }));
    // `default` with and without a value, the remark shown and left out, the status class on and off
    expect(filled.filter((html) => html.includes('<span class="fact-value">—</span>')).length).toBeGreaterThan(0);
    expect(filled.filter((html) => html.includes('<span class="fact-value">PO-')).length).toBeGreaterThan(0);
    expect(new Set(filled.map((html) => html.includes('class="remark"'))).size).toBe(2);
    expect(new Set(filled.map((html) => html.includes('class="tag tag-paid"'))).size).toBe(2);
    // amounts in pounds, dollars and euros, written the English, German and French ways (the
    // thousands separator tells German from French)
    for (const written of [/£[\d,]+\.\d\d/, /\$[\d,]+\.\d\d/, /\d\.\d{3},\d\d\s€/, /\d\u202f\d{3},\d\d\s€/]) {
      expect(filled.some((html) => written.test(html))).toBe(true);
    }
  });
  it('gives every other warm-up step a template of its own, rendered twice, with the syntax stored templates use', async () => {
    // a template and stylesheet new every other step (the caches miss), the step after it renders it again with other data
    const jobs = Array.from({ length: WARM_UP_MIN_RENDERS }, (_, step) => warmUpStepJob(step));
    expect(new Set(jobs.map((job) => job.template)).size).toBe(jobs.length / 2);
    for (let step = 0; step < jobs.length; step += 2) {
      expect(jobs[step + 1]!.template).toBe(jobs[step]!.template);
      expect(jobs[step + 1]!.data).not.toEqual(jobs[step]!.data);
    }
    const styles = jobs.map((job) => job.template.slice(job.template.indexOf('<style>'), job.template.indexOf('</style>')));
    expect(new Set(styles).size).toBeGreaterThan(jobs.length / 4);
    // a logo: PNG and JPEG images as data: URLs, and the box of initials
    const logos = jobs.map((job) => /<img [^>]*src="data:image\/(png|jpeg);base64,/.exec(job.template)?.[1] ?? 'box');
    expect(new Set(logos)).toEqual(new Set(['png', 'jpeg', 'box']));
    // blocks alone on their lines (one with block parameters), an `else if`, `~`, a comment
    const { template } = jobs[0]!;
    expect(template).toMatch(/^ *\{\{#each [^}]*\}\} *$/m);
    expect(template).toMatch(/^ *\{\{#with [^}]* as \|\w+\|\}\} *$/m);
    for (const syntax of ['{{else if ', '{{~', '{{!--', '{{#unless @last}}']) expect(template).toContain(syntax);
    // text that HTML escapes, at some step
    const engine = createInternalEngine();
    const filled = await Promise.all(jobs.slice(0, 10).map(async ({ template, data }) => (await engine.fillTemplate({ template, data })).html));
    expect(filled.some((html) => html.includes('R&amp;D'))).toBe(true);
    // the standalone lines are stripped: no line left holding only spaces where a block stood
    expect(filled[0]).toContain('<p class="detail">\n    <span>');
  });
});

describe('the templates a new render process warms with', () => {
  it('puts the templates used since start-up first, then the last used or changed in storage, each as a generate job with its sample', async () => {
    const storage = createMemoryStorage();
    const { workspace } = await createWorkspace(storage, { name: 'w', quota: 10 });
    const make = async (name: string, sample?: unknown) => {
      await sleep(5);
      return storage.createTemplate({ workspaceId: workspace.id, name, html: `<p>${name}</p>`, ...(sample === undefined ? {} : { sample }), files: new Map([['a.css', new Uint8Array([1])]]) });
    };
    const old = await make('Old', { n: 1 });
    const plain = await make('Plain');
    const newest = await make('Newest');
    const warmUp = createTemplateWarmUp(storage, async (template) => (await storage.getTemplateFiles(template.workspaceId, template.id))!, 2);
    expect((await warmUp.templates()).map((t) => t.templateId)).toEqual([newest.id, plain.id]);
    await sleep(5);
    warmUp.used(old);
    const [first, second] = await warmUp.templates();
    expect(first).toEqual({ workspaceId: workspace.id, templateId: old.id, job: templateRenderJob(old, new Map([['a.css', new Uint8Array([1])]]), { n: 1 }) });
    expect(second?.templateId).toBe(newest.id);
    await sleep(5); // uses are stamped to the millisecond: two in the same one are not ordered
    warmUp.used(plain);
    expect((await warmUp.templates()).map((t) => t.job.data)).toEqual([{}, { n: 1 }]); // no sample: {}
    // written on flush: a server started later finds them in storage
    await warmUp.flush();
    const later = createTemplateWarmUp(storage, async () => new Map(), 2);
    expect((await later.templates()).map((t) => t.templateId)).toEqual([plain.id, old.id]);
  });
});

/** The value of an unlabelled gauge in /metrics. */
async function gauge(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  if (match === null) throw new Error(`${name} not in /metrics`);
  return Number(match[1]);
}

describe('octavo serve --warm-up-ms', () => {
  let dir: string;
  let server: ServeProcess | undefined;
  let generate: () => Promise<Response>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'octavo-warm-up-'));
    const storage = await createFsStorage(join(dir, 'data'));
    const { apiKey } = await createWorkspace(storage, { name: 'warm', quota: 100 });
    const id = (await addTemplate(storage, createEngineRenderer(), { workspaceName: 'warm', name: 'Note', html: '<p>{{text}}</p>', sample: { text: 'x' } })).template.id;
    await storage.close();
    generate = () => fetch(`${server!.url}/v1/pdfs`, {
      method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: id, payload: { text: 'hello' } }),
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterEach(() => { server?.crash(); server = undefined; });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves requests while its render process is still warming up', async () => {
    // a budget no machine spends before the request is answered: the process is still warming after it
    server = await startServeProcess(['--data-dir', join(dir, 'data'), '--workers', '1', '--warm-up-ms', '600000']);
    expect((await generate()).status).toBe(200);
    expect(await gauge(server.url, 'octavo_render_processes_warming')).toBe(1);
    expect((await generate()).status).toBe(200);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('ends the warm-up within its budget and serves after it', async () => {
    server = await startServeProcess(['--data-dir', join(dir, 'data'), '--workers', '1', '--warm-up-ms', '1']);
    expect((await generate()).status).toBe(200);
    while (await gauge(server.url, 'octavo_render_processes_warming') !== 0) await sleep(100);
    expect((await generate()).status).toBe(200);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses a budget that is not a whole number of milliseconds as a usage error', async () => {
    const run = (value: string) => new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, 'serve', '--storage', 'memory', '--port', '0', '--warm-up-ms', value], { encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS }, (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stderr });
      });
    });
    for (const value of ['-5', '1.5', 'soon']) {
      const refused = await run(value);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--warm-up-ms must be');
    }
    const tooMuch = await run('600001');
    expect(tooMuch.stderr).toContain('--warm-up-ms must be between 0 and 600000');
  }, PROCESS_TEST_TIMEOUT_MS);
});

/** The value of a counter in /metrics (0 before its first count); `labels` as written there, e.g. `{kind="template"}`. */
async function counter(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('octavo serve warms its render processes with the stored templates', () => {
  let dir: string;
  let server: ServeProcess | undefined;
  let generate: (payload: unknown) => Promise<Response>;
  const marker = 'warm-template-test-crash';
  const templateRenders = () => counter(server!.url, 'octavo_warm_up_renders_total', '{kind="template"}');
  const failures = () => counter(server!.url, 'octavo_warm_up_template_failures_total');
  // counted when a process's warm-up ends (before it is ready, the gauge of processes warming says 0 too)
  const warmedUp = async (renders = 1) => { while (await templateRenders() < renders) await sleep(100); };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'octavo-warm-templates-'));
    const storage = await createFsStorage(join(dir, 'data'));
    const { apiKey, workspace } = await createWorkspace(storage, { name: 'warm', quota: 100 });
    const good = (await addTemplate(storage, createEngineRenderer(), { workspaceName: 'warm', name: 'Good', html: '<p>{{text}}</p>', sample: { text: 'x' } })).template;
    await sleep(10);
    // stored as it is, later than Good: a source no render accepts (what a storage written by hand could hold)
    await storage.createTemplate({ workspaceId: workspace.id, name: 'Broken', html: '<p>{{#if text}}unclosed</p>' });
    await storage.close();
    generate = (payload) => fetch(`${server!.url}/v1/pdfs`, {
      method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: good.id, payload }),
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterEach(() => { server?.crash(); server = undefined; });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // the smallest budget: exactly one warm-up render, of the first template in the order chosen
  const serve = (env: Record<string, string> = {}) => startServeProcess(['--data-dir', join(dir, 'data'), '--workers', '1', '--warm-up-ms', '1'], env);

  it('renders the last changed one when none was used; a broken one is left out, logged and counted, and the server serves', async () => {
    server = await serve();
    await warmedUp();
    expect(await templateRenders()).toBe(1);
    expect(await failures()).toBe(1);
    expect((await generate({ text: 'hello' })).status).toBe(200);
    // stopped as a restart stops it: the use is written on the way out
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  // after the test above, which used Good: Good was used after Broken was made
  it('after a restart, renders the template last used first; a process replacing a crashed one warms with it too', async () => {
    server = await serve({ OCTAVO_TEST_CRASH_MARKER: marker });
    await warmedUp();
    expect(await templateRenders()).toBe(1);
    expect(await failures()).toBe(0);
    expect((await generate({ text: marker })).status).toBe(500);
    await warmedUp(2);
    expect(await failures()).toBe(0);
    expect((await generate({ text: 'after' })).status).toBe(200);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('renders no template with --warm-up-ms 0', async () => {
    server = await startServeProcess(['--data-dir', join(dir, 'data'), '--workers', '1', '--warm-up-ms', '0']);
    expect((await generate({ text: 'hello' })).status).toBe(200);
    expect(await gauge(server.url, 'octavo_render_processes_warming')).toBe(0);
    expect(await templateRenders()).toBe(0);
    expect(await counter(server.url, 'octavo_warm_up_renders_total', '{kind="document"}')).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});

describe('the pool', () => {
  let pool: WorkerPool | undefined;
  const marker = 'warm-up-test-crash';
  afterEach(async () => { await pool?.close(); pool = undefined; delete process.env['OCTAVO_TEST_CRASH_MARKER']; });

  it('counts a process as warming from ready until its warm-up ends, and a replacement warms up again', async () => {
    process.env['OCTAVO_TEST_CRASH_MARKER'] = marker; // inherited by the render processes
    pool = createWorkerPool({ threads: 1, warmUp: warmUpJob(), warmUpMs: 600_000 });
    const first = await pool.renderPdf({ template: '<p>first</p>', data: {} });
    expect(first.pages).toBe(1);
    expect(pool.warming()).toBe(1);
    await expect(pool.renderPdf({ template: `<p>${marker}</p>`, data: {} })).rejects.toMatchObject({ code: 'render_crashed' });
    expect((await pool.renderPdf({ template: '<p>after</p>', data: {} })).pages).toBe(1); // served by the replacement
    expect(pool.warming()).toBe(1);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('serves a job that arrives while it warms up after the warm-up step in progress only, and ends its warm-up', async () => {
    // a render module whose 30 warm-up steps keep the process busy 40 ms each, back to back while no job waits
    pool = createWorkerPool({ workerFile: warmingWorker, threads: 1, warmUp: { template: '', data: {} }, warmUpMs: 1 });
    await pool.renderPdf({ template: 'first', data: {} });
    const answers: (readonly string[])[] = [];
    for (let job = 0; job < 4; job++) {
      await sleep(400); // past the 250 ms of quiet after a job: the steps have started again
      answers.push((await pool.renderPdf({ template: 'x', data: { sentAt: Date.now() } })).warnings ?? []);
    }
    for (const warnings of answers) expect(warnings[0]).toBe('steps started after it was sent: 0');
    expect(answers.some((warnings) => warnings[1] === 'step in progress when sent: true')).toBe(true);
    for (let waited = 0; pool.warming() > 0; waited += 50) {
      if (waited > PROCESS_TIMEOUT_MS) throw new Error('the warm-up never ended');
      await sleep(50);
    }
    expect(pool.warming()).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('counts no process as warming without a budget', async () => {
    pool = createWorkerPool({ threads: 1, warmUp: warmUpJob() });
    await pool.renderPdf({ template: '<p>x</p>', data: {} });
    expect(pool.warming()).toBe(0);
  }, PROCESS_TEST_TIMEOUT_MS);
});

describe('octavo serve warming with a long stored template', () => {
  let dir: string;
  let server: ServeProcess | undefined;
  let generate: () => Promise<Response>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'octavo-warm-long-'));
    const storage = await createFsStorage(join(dir, 'data'));
    const { apiKey, workspace } = await createWorkspace(storage, { name: 'warm', quota: 100 });
    // 900 pages with its sample: its warm-up render is cut short at WARM_UP_TEMPLATE_MAX_MS
    const long = await storage.createTemplate({
      workspaceId: workspace.id, name: 'Long', html: '<style>p { break-after: page }</style>{{#each pages}}<p>{{this}}</p>{{/each}}',
      sample: { pages: Array.from({ length: 900 }, (_, i) => i) },
    });
    await storage.close();
    generate = () => fetch(`${server!.url}/v1/pdfs`, {
      method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: long.id, payload: { pages: [1] } }),
    });
  }, PROCESS_TEST_TIMEOUT_MS);
  afterEach(() => { server?.crash(); server = undefined; });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('renders it cut short, not as a failure, and serves requests for it', async () => {
    // the smallest budget: one warm-up render, the long template's; a render time limit that the
    // whole 900 pages would exceed, so a render not cut at the warm-up's limit would be a failure
    server = await startServeProcess(['--data-dir', join(dir, 'data'), '--workers', '1', '--warm-up-ms', '1', '--render-timeout', '1000']);
    expect((await generate()).status).toBe(200);
    while (await counter(server.url, 'octavo_warm_up_renders_total', '{kind="template"}') < 1) await sleep(100);
    expect(await counter(server.url, 'octavo_warm_up_template_failures_total')).toBe(0);
    expect((await generate()).status).toBe(200);
  }, PROCESS_TEST_TIMEOUT_MS);
});
