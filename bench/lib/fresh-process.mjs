// A fresh render process, as the service's and `render --batch`'s pool starts it
// (dist/service/render-process.js with the pool's default render module — the bundle
// render-worker.cjs, run with V8's code cache — and the same node flags): the time from fork
// to `ready`, then the batch of 100 different invoices one after the other through its IPC
// channel, wall and CPU ms of each render (CPU of the child process, all its threads, from /proc:
// their run time in ns where the kernel keeps it, else clock ticks of 10 ms; medians of ten).
//   --warm-up          the warm-up job, as `octavo serve` starts the process: one render before `ready`
//   --warm-up-ms MS    and warm-up renders after `ready` within MS of CPU (`octavo serve --warm-up-ms`)
//   --arrive ready     send the invoices at once after `ready`, while it warms up (the first one waits
//                      for the warm-up render in progress); default with --warm-up-ms: after it says
//                      it has warmed up (`warmedUp`), as requests meet a process started a while ago
//   --warm-template    with --warm-up-ms: the process is given the invoice's template with its sample payload
//                      (fixtures/invoice/data.json) to warm with, as `octavo serve` gives its render processes
//                      its workspaces' templates after their first use or upload (template-warm-up.ts)
//   node bench/lib/fresh-process.mjs [--warm-up [--warm-up-ms MS [--warm-template]] [--arrive ready|warmed]]
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { fixture, invoiceBatch, ROOT } from './documents.mjs';
import { stats } from './stats.mjs';
import { RENDER_SEMI_SPACE_MB, defaultWorkerFile } from '../../dist/service/workers.js';
import { warmUpJob } from '../../dist/service/warm-up.js';

const option = (name) => { const at = process.argv.indexOf(name); return at < 0 ? undefined : process.argv[at + 1]; };
const WARM_UP = process.argv.includes('--warm-up');
const WARM_UP_MS = Number(option('--warm-up-ms') ?? 0);
const ARRIVE = option('--arrive') ?? 'warmed';
const WARM_TEMPLATE = process.argv.includes('--warm-template');
const dist = (file) => fileURLToPath(new URL(`dist/service/${file}`, ROOT));

/**
 * CPU time (ms) of a process so far, from /proc (Linux): the sum of its threads' run time in ns
 * (`task/<tid>/schedstat`; V8's helper threads live as long as the process), else, where the kernel
 * keeps no schedstat, user + system in clock ticks of 10 ms (`stat`).
 */
function cpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    if (ns > 0) return ns / 1e6;
  } catch { /* a thread gone meanwhile, or no schedstat: the ticks below */ }
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const init = {
  limits: { maxRenderMs: 60_000 }, fonts: [], ...(WARM_UP ? { warmUp: warmUpJob(), warmUpMs: WARM_UP_MS } : {}),
  ...(WARM_TEMPLATE ? { warmUpTemplates: true } : {}),
};
// the invoices below are sent as the fixture's folder (baseDir), so is the template to warm with
const { template, data: sample, baseDir, templateName } = fixture('invoice');
const warmWith = [{ workspaceId: 'bench', templateId: 'invoice', job: { template, data: sample, baseDir, templateName } }];
const started = performance.now();
const child = fork(dist('render-process.js'), [defaultWorkerFile(), JSON.stringify(init)], {
  serialization: 'advanced', execArgv: [`--max-semi-space-size=${RENDER_SEMI_SPACE_MB}`], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
// answers by id; `ready` and `warmedUp` as they come
const answers = new Map();
let onReady, onWarmedUp;
const ready = new Promise((resolve) => { onReady = resolve; });
const warmedUp = new Promise((resolve) => { onWarmedUp = resolve; });
child.on('message', (message) => {
  if ('ready' in message) onReady(message);
  else if ('warmedUp' in message) onWarmedUp({ ...message.warmedUp, ms: performance.now() - started, processCpuMs: cpuMs(child.pid) });
  else answers.get(message.id)?.(message);
});
const answer = (id) => new Promise((resolve) => answers.set(id, resolve));

const { warming } = await ready;
// as the pool does once the process is ready (workers.ts)
if (WARM_TEMPLATE && warming === true) child.send({ warmWith });
const readyMs = performance.now() - started;
const readyCpuMs = cpuMs(child.pid);
const warmUp = warming === true && ARRIVE === 'warmed' ? await warmedUp : undefined;

const renders = [];
let id = 0;
for (const { template, data, baseDir } of invoiceBatch(100)) {
  const cpu = cpuMs(child.pid);
  const t = performance.now();
  const answered = answer(id);
  child.send({ id: id++, job: { template, data, baseDir } });
  const { result } = await answered;
  if (!result.ok) throw new Error(`render failed: ${result.message}`);
  renders.push({ ms: performance.now() - t, cpuMs: cpuMs(child.pid) - cpu });
}
// a warm-up interrupted by the invoices goes on after them: its figures when it ends
const warmUpAfter = warming === true && warmUp === undefined ? await warmedUp : undefined;
child.disconnect();

const tenth = (from) => renders.slice(from, from + 10);
const medianOf = (list, key) => stats(list.map((r) => r[key])).median;
process.stdout.write(`${JSON.stringify({
  warmUp: WARM_UP, warmUpMs: WARM_UP_MS, warmTemplate: WARM_TEMPLATE, arrive: warming === true ? ARRIVE : undefined, readyMs, readyCpuMs,
  // renders after `ready`, their CPU (the process's own count), and the process at their end
  warmedUp: warmUp ?? warmUpAfter,
  first: renders[0],
  firstTen: { ms: renders.slice(0, 10).map((r) => Math.round(r.ms)), cpuMs: renders.slice(0, 10).map((r) => r.cpuMs) },
  secondToTenth: { ms: medianOf(renders.slice(1, 10), 'ms'), cpuMs: medianOf(renders.slice(1, 10), 'cpuMs') },
  hundredth: { ms: medianOf(tenth(90), 'ms'), cpuMs: medianOf(tenth(90), 'cpuMs') },
  firstOverHundredth: renders[0].ms / medianOf(tenth(90), 'ms'),
  firstOverHundredthCpu: renders[0].cpuMs / medianOf(tenth(90), 'cpuMs'),
})}\n`);
