// Service throughput (issue 16): run `npm run build && npm run bench:service`.
//
// Starts `octavo serve` (fs storage in a temporary folder, the worker pool, 127.0.0.1 and a free
// port) as a child process, adds the invoice fixture as a template and a workspace key with the
// CLI, then drives it from this process: WARMUP generate requests, then REQUESTS more with
// CONCURRENCY in flight (stops by itself after REQUESTS or SECONDS, whichever comes first). Each
// request is POST /v1/pdfs with the invoice's sample payload; latency is from sending it to the
// end of the answer. Then, with the server idle, single-thread warm renders of the same invoice
// through the library API in this process, for the same number of seconds at most, after as many
// warm-up renders as each of the server's render threads had (WARMUP / workers, at least 5: V8
// compiles the engine's hot functions over the first few hundred renders, in every thread, so
// both sides must be equally warm). Prints one
// table (or `--json`), the ratio of the service's requests/s to single-thread renders/s, and the
// machine's load average so figures from a busy machine are read as such.
//
// Options: --requests N (default 300), --concurrency C (default 8), --seconds S (default 120),
// --workers W (default: the server's own default, the number of cores), --warmup N (default 20),
// --json.
/* global fetch, setTimeout, clearTimeout */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const FIXTURE = join(ROOT, 'fixtures/invoice');

const args = process.argv.slice(2);
function option(name, fallback) {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number above 0`);
  return value;
}
const REQUESTS = option('requests', 300);
const CONCURRENCY = option('concurrency', 8);
const SECONDS = option('seconds', 120);
const WARMUP = option('warmup', 20);
const WORKERS = option('workers', undefined);
const JSON_OUTPUT = args.includes('--json');
/** Warm-up renders of the single-thread run: as many as each render thread of the server had. */
const SINGLE_WARMUP = Math.max(5, Math.ceil(WARMUP / (WORKERS ?? availableParallelism())));

const payload = JSON.parse(readFileSync(join(FIXTURE, 'data.json'), 'utf8'));

/** Runs an octavo CLI command and parses the JSON it prints. */
function octavo(...commandArgs) {
  return JSON.parse(execFileSync(process.execPath, [CLI, ...commandArgs], { encoding: 'utf8' }));
}

/** `octavo serve` on 127.0.0.1 with a free port; resolves once it listens. */
function startServer(dataDir) {
  const serveArgs = [CLI, 'serve', '--storage', 'fs', '--data-dir', dataDir, '--host', '127.0.0.1', '--port', '0', '--max-queue', String(Math.max(64, CONCURRENCY * 2))];
  if (WORKERS !== undefined) serveArgs.push('--workers', String(WORKERS));
  const child = spawn(process.execPath, serveArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`octavo serve did not start: ${err}`)); }, 30_000);
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const match = /listening on (http:\/\/\S+)\/v1/.exec(err);
      if (match) { clearTimeout(timer); resolve({ child, url: match[1] }); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`octavo serve exited (${code}): ${err}`)); });
  });
}

/** CPU ms (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticksPerSecond = 100; // USER_HZ, 100 on every Linux Node runs on
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
  } catch {
    return undefined;
  }
}

/** Sends `count` generates with `concurrency` in flight; stops sending after `deadline` (ms, performance.now()). */
async function load(url, apiKey, templateId, count, concurrency, deadline) {
  const body = JSON.stringify({ template_id: templateId, payload });
  const latencies = [];
  const failures = new Map();
  let next = 0;
  async function client() {
    while (next < count && performance.now() < deadline) {
      next++;
      const started = performance.now();
      const response = await fetch(`${url}/v1/pdfs`, { method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** Warm renders of the invoice in this thread through the library API, as many as `count` within `seconds`. */
async function singleThread(count, seconds) {
  const { createEngine } = await import('../dist/index.js');
  const engine = createEngine();
  const request = { template: readFileSync(join(FIXTURE, 'template.html'), 'utf8'), data: payload, baseDir: FIXTURE };
  for (let i = 0; i < SINGLE_WARMUP; i++) await engine.render(request);
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (times.length < count && performance.now() < deadline) {
    const begun = performance.now();
    await engine.render(request);
    times.push(performance.now() - begun);
  }
  const used = process.cpuUsage(cpu);
  return { times, seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'octavo-bench-service-'));
  const loadBefore = loadavg();
  let server;
  try {
    const { apiKey } = octavo('workspace', 'create', '--name', 'bench', '--quota', String(REQUESTS + WARMUP + 10), '--data-dir', dataDir);
    const { id: templateId } = octavo('template', 'add', join(FIXTURE, 'template.html'), '--workspace', 'bench', '--name', 'Invoice', '--sample', join(FIXTURE, 'data.json'), '--data-dir', dataDir);
    server = await startServer(dataDir);
    const hardStop = performance.now() + SECONDS * 1000;
    await load(server.url, apiKey, templateId, WARMUP, Math.min(WARMUP, CONCURRENCY), hardStop);
    const cpuBefore = processCpuMs(server.child.pid);
    const measured = await load(server.url, apiKey, templateId, REQUESTS, CONCURRENCY, hardStop);
    const cpuAfter = processCpuMs(server.child.pid);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    server = undefined;
    const single = await singleThread(REQUESTS, SECONDS);
    report(measured, single, cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore, loadBefore, loadavg());
  } finally {
    if (server) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(service, single, serverCpuMs, loadBefore, loadAfter) {
  const sorted = [...service.latencies].sort((a, b) => a - b);
  const singleSorted = [...single.times].sort((a, b) => a - b);
  const serviceRate = service.latencies.length / service.seconds;
  const singleRate = single.times.length / single.seconds;
  const result = {
    cores: availableParallelism(),
    workers: WORKERS ?? availableParallelism(),
    concurrency: CONCURRENCY,
    service: {
      ok: service.latencies.length,
      failed: Object.fromEntries(service.failures),
      seconds: service.seconds,
      requestsPerSecond: serviceRate,
      p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted.at(-1),
      serverCpuMsPerRequest: serverCpuMs === undefined || sorted.length === 0 ? undefined : serverCpuMs / sorted.length,
    },
    singleThread: {
      warmup: SINGLE_WARMUP, renders: single.times.length, seconds: single.seconds, rendersPerSecond: singleRate,
      p50Ms: quantile(singleSorted, 0.5), p99Ms: quantile(singleSorted, 0.99), maxMs: singleSorted.at(-1), cpuMsPerRender: single.cpuMs / single.times.length,
    },
    ratio: serviceRate / singleRate,
    loadAverage: { before: loadBefore.map((l) => Number(l.toFixed(2))), after: loadAfter.map((l) => Number(l.toFixed(2))) },
  };
  if (JSON_OUTPUT) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const f = (n, digits = 1) => (n === undefined ? '-' : n.toFixed(digits));
  const failed = Object.entries(result.service.failed).map(([status, n]) => `${n}×${status}`).join(' ') || 'none';
  const rows = [
    ['', 'count', 'per second', 'p50 ms', 'p99 ms', 'max ms', 'CPU ms each'],
    [
      `service (HTTP, ${result.workers} workers, ${CONCURRENCY} in flight)`, String(result.service.ok), f(serviceRate),
      f(result.service.p50Ms), f(result.service.p99Ms), f(result.service.maxMs), f(result.service.serverCpuMsPerRequest),
    ],
    [
      'single thread (library, warm)', String(single.times.length), f(singleRate),
      f(result.singleThread.p50Ms), f(result.singleThread.p99Ms), f(result.singleThread.maxMs), f(result.singleThread.cpuMsPerRender),
    ],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.log('octavo service throughput: invoice fixture, POST /v1/pdfs on 127.0.0.1, fs storage');
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  console.log(`service / single thread, requests/s over renders/s: ${f(result.ratio, 2)}×  (${result.cores} cores; failed requests: ${failed})`);
  console.log('CPU ms each: the server process (all its threads) per request; this process per render');
  console.log(`load average (1, 5, 15 min): before ${result.loadAverage.before.join(', ')}, after ${result.loadAverage.after.join(', ')}`);
}

await main();
