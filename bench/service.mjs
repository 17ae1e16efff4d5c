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
// CPU per request, by process (Linux, from /proc; unlike requests/s it hardly depends on what else
// the machine runs): the server (its main thread and its other threads: libuv's pool running the
// fsyncs, V8's helpers), the render processes (all of them, main thread and V8's helpers) and this
// process as the load generator. Their sum bounds what the cores can serve: at most cores × 1000 /
// (sum) requests/s, printed as the model's prediction next to what was measured.
//
// The client is node:http with a keep-alive agent, one connection per request in flight, the body
// serialised once: what a real client's connection pool costs (~0.6 CPU ms per request here),
// where fetch() cost ~2 ms on the same two cores as the server and its renders.
//
// Options: --requests N (default 300), --concurrency C (default 8), --seconds S (default 120),
// --workers W (default: the server's own default, the number of cores), --warmup N (default 20),
// --json.
/* global setTimeout, clearTimeout, Buffer */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
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

const TICK_MS = 10; // USER_HZ is 100 on every Linux Node runs on

/** CPU ms (user + system) of a /proc stat line. */
function statCpuMs(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms a process has used so far, its main thread and its other threads (Linux); undefined elsewhere. */
function processCpu(pid) {
  try {
    let main = 0;
    let others = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const ms = statCpuMs(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
        if (tid === String(pid)) main += ms;
        else others += ms;
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return { main, others };
  } catch {
    return undefined;
  }
}

/** The server's child processes (its render processes), from /proc (Linux); [] elsewhere. */
function childPids(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  } catch {
    return [];
  }
}

/** CPU so far of the server and of each of its render processes, by pid. */
function cpuSnapshot(serverPid) {
  const processes = new Map([[String(serverPid), processCpu(serverPid)]]);
  for (const child of childPids(serverPid)) processes.set(child, processCpu(child));
  return processes;
}

/** CPU ms between two snapshots: the server's and its render processes' (summed), main thread and the others. */
function cpuUsed(serverPid, before, after) {
  const used = (pid) => {
    const [a, b] = [before.get(pid), after.get(pid)];
    if (b === undefined) return undefined;
    return { main: b.main - (a?.main ?? 0), others: b.others - (a?.others ?? 0) };
  };
  const server = used(String(serverPid));
  if (server === undefined) return undefined;
  const render = { main: 0, others: 0 };
  for (const pid of after.keys()) {
    if (pid === String(serverPid)) continue;
    const child = used(pid);
    if (child === undefined) continue;
    render.main += child.main;
    render.others += child.others;
  }
  return { server, render };
}

/** One connection per request in flight, kept open between requests. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** POSTs `body` (a Buffer) and reads the answer to its end; resolves with the status. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent, headers }, (response) => {
      response.on('data', () => undefined);
      response.once('end', () => resolve(response.statusCode));
      response.once('error', reject);
    });
    request.once('error', reject);
    request.end(body);
  });
}

/** Sends `count` generates with `concurrency` in flight; stops sending after `deadline` (ms, performance.now()). */
async function load(url, apiKey, templateId, count, concurrency, deadline) {
  const body = Buffer.from(JSON.stringify({ template_id: templateId, payload }));
  const headers = { apikey: apiKey, 'content-type': 'application/json', 'content-length': String(body.byteLength) };
  const latencies = [];
  const failures = new Map();
  let next = 0;
  async function client() {
    while (next < count && performance.now() < deadline) {
      next++;
      const started = performance.now();
      const status = await post(`${url}/v1/pdfs`, headers, body);
      if (status === 200) latencies.push(performance.now() - started);
      else failures.set(status, (failures.get(status) ?? 0) + 1);
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
    const cpuBefore = cpuSnapshot(server.child.pid);
    const generatorBefore = process.cpuUsage();
    const measured = await load(server.url, apiKey, templateId, REQUESTS, CONCURRENCY, hardStop);
    const generator = process.cpuUsage(generatorBefore);
    const cpu = cpuUsed(server.child.pid, cpuBefore, cpuSnapshot(server.child.pid));
    agent.destroy();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    server = undefined;
    const single = await singleThread(REQUESTS, SECONDS);
    const generatorMs = (generator.user + generator.system) / 1000;
    report(measured, single, cpu === undefined ? undefined : { ...cpu, generatorMs }, loadBefore, loadavg());
  } finally {
    if (server) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU ms per request of each process (main thread, other threads), and their sum. */
function cpuPerRequest(cpu, requests) {
  if (cpu === undefined || requests === 0) return undefined;
  const per = (ms) => Number((ms / requests).toFixed(2));
  const side = ({ main, others }) => ({ total: per(main + others), mainThread: per(main), otherThreads: per(others) });
  const server = side(cpu.server);
  const render = side(cpu.render);
  const generator = per(cpu.generatorMs);
  return { server, render, generator, total: Number((server.total + render.total + generator).toFixed(2)) };
}

function report(service, single, cpu, loadBefore, loadAfter) {
  const sorted = [...service.latencies].sort((a, b) => a - b);
  const singleSorted = [...single.times].sort((a, b) => a - b);
  const serviceRate = service.latencies.length / service.seconds;
  const singleRate = single.times.length / single.seconds;
  const perRequest = cpuPerRequest(cpu, sorted.length);
  const cores = availableParallelism();
  const result = {
    cores,
    workers: WORKERS ?? availableParallelism(),
    concurrency: CONCURRENCY,
    service: {
      ok: service.latencies.length,
      failed: Object.fromEntries(service.failures),
      seconds: service.seconds,
      requestsPerSecond: serviceRate,
      p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted.at(-1),
      serverCpuMsPerRequest: perRequest?.server.total,
      /** CPU ms per request by process; `total` bounds the rate the cores can serve (`cpuBoundRequestsPerSecond`). */
      cpuMsPerRequest: perRequest,
      cpuBoundRequestsPerSecond: perRequest === undefined ? undefined : (cores * 1000) / perRequest.total,
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
  if (perRequest !== undefined) {
    const side = (s) => `${f(s.total, 2)} (main thread ${f(s.mainThread, 2)}, other threads ${f(s.otherThreads, 2)})`;
    console.log(`CPU ms per request: server ${side(perRequest.server)}, render processes ${side(perRequest.render)}, load generator ${f(perRequest.generator, 2)}; sum ${f(perRequest.total, 2)}`);
    console.log(`at most ${f(result.service.cpuBoundRequestsPerSecond)} requests/s on ${cores} cores at that CPU per request (measured ${f(serviceRate)})`);
  }
  console.log(`load average (1, 5, 15 min): before ${result.loadAverage.before.join(', ')}, after ${result.loadAverage.after.join(', ')}`);
}

await main();
