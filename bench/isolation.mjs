// The per-render cost of the service's process isolation (issue 26): run `npm run build && node
// bench/isolation.mjs [N]`.
//
// Renders the invoice fixture N times (default 200) with the engine in this process and N times
// through a pool of one render process (dist/service/workers.js, as `octavo serve` renders: the job
// and the PDF cross over IPC), alternating blocks of 20 after 30 warm-up renders of each. Prints
// wall time and CPU time per render for both — CPU of this process and its children, from
// /proc/PID/stat (Linux), so the render process's work and the IPC on both sides are counted — and
// the difference, with the load average: on a busy machine the wall figures are noise.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const N = Math.max(20, Number(process.argv[2] ?? 200));
const BLOCK = 20;
const TICK_MS = 10; // Linux's USER_HZ is 100

const { createEngine } = await import(join(ROOT, 'dist/index.js'));
const { createWorkerPool } = await import(join(ROOT, 'dist/service/workers.js'));
const baseDir = join(ROOT, 'fixtures/invoice');
const job = { template: readFileSync(join(baseDir, 'template.html'), 'utf8'), data: JSON.parse(readFileSync(join(baseDir, 'data.json'), 'utf8')), baseDir };

/** utime, stime, cutime, cstime of every process in this one's tree, in ms. */
function treeCpuMs() {
  const parents = new Map();
  const ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch { /* ended meanwhile */ }
  }
  const tree = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, parent] of parents) if (!tree.has(id) && tree.has(parent)) { tree.add(id); grew = true; }
  }
  let sum = 0;
  for (const id of tree) sum += ticks.get(id) ?? 0;
  return sum * TICK_MS;
}

const engine = createEngine();
const pool = createWorkerPool({ threads: 1 });
const ways = { 'in this process': () => engine.render(job), 'through a render process': () => pool.renderPdf(job) };
for (let i = 0; i < 30; i++) for (const render of Object.values(ways)) await render();
const totals = Object.fromEntries(Object.keys(ways).map((name) => [name, { wall: 0, cpu: 0 }]));
for (let done = 0; done < N; done += BLOCK) {
  for (const [name, render] of Object.entries(ways)) {
    const cpu = treeCpuMs();
    const started = performance.now();
    for (let i = 0; i < BLOCK; i++) await render();
    totals[name].wall += performance.now() - started;
    totals[name].cpu += treeCpuMs() - cpu;
  }
}
const renders = Math.ceil(N / BLOCK) * BLOCK;
for (const [name, { wall, cpu }] of Object.entries(totals)) console.log(`${name}: ${renders} renders, ${(wall / renders).toFixed(2)} ms wall, ${(cpu / renders).toFixed(2)} ms CPU per render`);
const [inProcess, isolated] = Object.values(totals);
console.log(`isolation: ${((isolated.wall - inProcess.wall) / renders).toFixed(2)} ms wall, ${((isolated.cpu - inProcess.cpu) / renders).toFixed(2)} ms CPU per render (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
await pool.close();
