// Asynchronous generation throughput (issue 30): run `npm run build && npm run bench:service`
// (which runs this after bench/service.mjs), or `node bench/service-async.mjs` alone.
//
// A throwaway PostgreSQL (scripts/postgres-test-cluster.mjs), one `octavo serve --no-render` API
// process and 1, 2, then 3 `octavo worker --workers 1` processes, all on 127.0.0.1; a webhook
// receiver in this process. For each worker count: JOBS asynchronous generates of the invoice
// fixture (Prefer: respond-async, the workspace's default webhook), then wait for every webhook.
// Prints jobs/s (first request to last webhook) and request→webhook latency p50/p99. The queue's
// idle polling interval (0.5 s here, pg-boss' minimum) is part of the latency.
//
// Options: --jobs N (default 40), --json.
/* global fetch, setTimeout */
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startPostgresCluster } from '../scripts/postgres-test-cluster.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const FIXTURE = join(ROOT, 'fixtures/invoice');
const args = process.argv.slice(2);
const at = args.indexOf('--jobs');
const JOBS = at === -1 ? 40 : Number(args[at + 1]);
const JSON_OUTPUT = args.includes('--json');
const QUEUE_FLAGS = ['--queue-poll-interval', '0.5', '--webhook-retry-delay', '1'];

const payload = JSON.parse(readFileSync(join(FIXTURE, 'data.json'), 'utf8'));
const octavo = (...a) => JSON.parse(execFileSync(process.execPath, [CLI, ...a], { encoding: 'utf8' }));

/** Spawns an octavo command; resolves once its stderr matches `ready`. */
function start(commandArgs, ready) {
  const child = spawn(process.execPath, [CLI, ...commandArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const match = ready.exec(err);
      if (match) resolve({ child, match });
    });
    child.once('exit', (code) => reject(new Error(`octavo ${commandArgs[0]} exited (${code}): ${err}`)));
  });
}

const stop = (child) => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** Webhook arrivals by job id (the body's data.id), in performance.now() ms. */
async function receiver() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { arrivals.set(JSON.parse(body).data.id, performance.now()); res.writeHead(204).end(); });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { arrivals, origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

async function round(apiUrl, apiKey, templateId, hooks) {
  hooks.arrivals.clear();
  const sent = new Map();
  const first = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < JOBS) {
      next++;
      const t = performance.now();
      const response = await fetch(`${apiUrl}/v1/pdfs`, {
        method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json', prefer: 'respond-async' },
        body: JSON.stringify({ template_id: templateId, payload }),
      });
      if (response.status !== 202) throw new Error(`submit answered ${response.status}: ${await response.text()}`);
      sent.set((await response.json()).id, t);
    }
  }));
  while (hooks.arrivals.size < JOBS) await new Promise((resolve) => setTimeout(resolve, 50));
  const latencies = [...sent].map(([id, t]) => hooks.arrivals.get(id) - t).sort((a, b) => a - b);
  const last = Math.max(...hooks.arrivals.values());
  return { jobsPerSecond: JOBS / ((last - first) / 1000), p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

async function main() {
  const cluster = await startPostgresCluster();
  const hooks = await receiver();
  const db = cluster.url;
  const children = [];
  try {
    const { apiKey } = octavo('workspace', 'create', '--name', 'bench', '--quota', String(JOBS * 4), '--database-url', db);
    const { id: templateId } = octavo('template', 'add', join(FIXTURE, 'template.html'), '--workspace', 'bench', '--name', 'invoice', '--sample', join(FIXTURE, 'data.json'), '--database-url', db);
    const api = await start(['serve', '--database-url', db, '--port', '0', '--no-render', '--allow-webhook', hooks.origin, ...QUEUE_FLAGS], /listening on (http:\/\/\S+)\/v1/);
    children.push(api.child);
    const apiUrl = api.match[1];
    await fetch(`${apiUrl}/v1/webhook-settings`, { method: 'PUT', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ url: `${hooks.origin}/hook` }) });
    const results = [];
    const loadBefore = loadavg()[0];
    for (let workers = 1; workers <= 3; workers++) {
      const w = await start(['worker', '--database-url', db, '--workers', '1', '--allow-webhook', hooks.origin, ...QUEUE_FLAGS], /rendering up to/);
      children.push(w.child);
      results.push({ workers, ...(await round(apiUrl, apiKey, templateId, hooks)) });
    }
    const out = { jobs: JOBS, results, load: [loadBefore, loadavg()[0]] };
    if (JSON_OUTPUT) { console.log(JSON.stringify(out)); return; }
    console.log(`\nasynchronous generation: ${JOBS} invoice jobs per row, one API process (--no-render), workers with one render thread each`);
    console.log('workers | jobs/s | request→webhook p50 | p99');
    for (const r of results) console.log(`${String(r.workers).padStart(7)} | ${r.jobsPerSecond.toFixed(2).padStart(6)} | ${(r.p50 / 1000).toFixed(2).padStart(17)} s | ${(r.p99 / 1000).toFixed(2)} s`);
    console.log(`load average (1 min) before/after: ${out.load.map((l) => l.toFixed(2)).join(' / ')}`);
  } finally {
    for (const child of children.reverse()) await stop(child);
    hooks.close();
    cluster.stop();
  }
}

await main();
