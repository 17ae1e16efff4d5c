// A fresh render process, as the service's and `render --batch`'s pool starts it
// (dist/service/render-process.js with render-worker.js, the same node flags): the time from fork
// to `ready`, then the batch of 100 different invoices one after the other through its IPC
// channel, wall and CPU ms of each render (CPU of the child process, all its threads, from /proc:
// clock ticks of 10 ms, so single renders are coarse and the figures are medians of ten).
// With --warm-up the process gets the CLI's warm-up job, as `octavo serve` starts it, and renders
// it once before `ready`.
//   node bench/lib/fresh-process.mjs [--warm-up]
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { invoiceBatch, ROOT } from './documents.mjs';
import { stats } from './stats.mjs';
import { RENDER_SEMI_SPACE_MB } from '../../dist/service/workers.js';
import { warmUpJob } from '../../dist/service/warm-up.js';

const WARM_UP = process.argv.includes('--warm-up');
const dist = (file) => fileURLToPath(new URL(`dist/service/${file}`, ROOT));

/** CPU time (user + system, ms) of a process so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const init = { limits: { maxRenderMs: 60_000 }, fonts: [], ...(WARM_UP ? { warmUp: warmUpJob() } : {}) };
const started = performance.now();
const child = fork(dist('render-process.js'), [dist('render-worker.js'), JSON.stringify(init)], {
  serialization: 'advanced', execArgv: [`--max-semi-space-size=${RENDER_SEMI_SPACE_MB}`], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let waiting;
child.on('message', (message) => waiting?.(message));
const next = () => new Promise((resolve) => { waiting = resolve; });

await next(); // ready
const readyMs = performance.now() - started;
const readyCpuMs = cpuMs(child.pid);

const renders = [];
let id = 0;
for (const { template, data, baseDir } of invoiceBatch(100)) {
  const cpu = cpuMs(child.pid);
  const t = performance.now();
  child.send({ id: id++, job: { template, data, baseDir } });
  const { result } = await next();
  if (!result.ok) throw new Error(`render failed: ${result.message}`);
  renders.push({ ms: performance.now() - t, cpuMs: cpuMs(child.pid) - cpu });
}
child.disconnect();

const tenth = (from) => renders.slice(from, from + 10);
const medianOf = (list, key) => stats(list.map((r) => r[key])).median;
process.stdout.write(`${JSON.stringify({
  warmUp: WARM_UP, readyMs, readyCpuMs,
  first: renders[0],
  firstTen: { ms: renders.slice(0, 10).map((r) => Math.round(r.ms)), cpuMs: renders.slice(0, 10).map((r) => r.cpuMs) },
  secondToTenth: { ms: medianOf(renders.slice(1, 10), 'ms'), cpuMs: medianOf(renders.slice(1, 10), 'cpuMs') },
  hundredth: { ms: medianOf(tenth(90), 'ms'), cpuMs: medianOf(tenth(90), 'cpuMs') },
  firstOverHundredth: renders[0].ms / medianOf(tenth(90), 'ms'),
})}\n`);
