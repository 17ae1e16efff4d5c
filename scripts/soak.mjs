#!/usr/bin/env node
/* global fetch */
/**
 * `npm run soak` (issue 15): the long fuzz run, then memory under load — N renders in one engine
 * and N requests to one server (127.0.0.1 only) — printing RSS after warm-up and at the end.
 * Bounded: SOAK_RENDERS / SOAK_REQUESTS (default 10,000 each), FUZZ_RUNS (default 500 per property).
 * Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const renders = Number(process.env.SOAK_RENDERS ?? 10_000);
const requests = Number(process.env.SOAK_REQUESTS ?? 10_000);
const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 500);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function rssAfterGc() {
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

function report(label, warm, end, count) {
  const growth = ((end - warm) / warm) * 100;
  console.log(`${label}: ${count} done; RSS after warm-up ${mb(warm)}, at the end ${mb(end)}, growth ${growth.toFixed(1)} %`);
  return growth;
}

async function soakEngine() {
  const { createEngine } = await import('../dist/index.js');
  const engine = createEngine();
  const template = '<h1>Invoice {{n}}</h1><table>{{#each rows}}<tr><td>{{this.a}}</td><td>{{this.b}}</td></tr>{{/each}}</table>';
  const data = (n) => ({ n, rows: Array.from({ length: 20 }, (_, i) => ({ a: `item ${i}`, b: n * i })) });
  const warmup = Math.floor(renders / 5); // the shaping caches (30,000 entries each) fill first
  let warm = 0;
  const started = Date.now();
  for (let i = 0; i < renders; i++) {
    await engine.render({ template, data: data(i) });
    if (i + 1 === warmup) warm = rssAfterGc();
  }
  const growth = report('engine', warm, rssAfterGc(), renders);
  console.log(`engine: ${((Date.now() - started) / renders).toFixed(1)} ms per render`);
  return growth;
}

async function soakServer() {
  const { startService } = await import('../dist/service/server.js');
  const { createMemoryStorage } = await import('../dist/service/storage/memory.js');
  const { addTemplate, createWorkspace } = await import('../dist/service/operations.js');
  const { silentLogger } = await import('../dist/service/logging.js');
  const storage = createMemoryStorage();
  const service = await startService({ storage, host: '127.0.0.1', port: 0, logger: silentLogger, pool: { threads: 2 } });
  const { apiKey } = await createWorkspace(storage, { name: 'soak', quota: requests });
  const { createEngineRenderer } = await import('../dist/service/renderer.js');
  const { template } = await addTemplate(storage, createEngineRenderer(), { workspaceName: 'soak', name: 'T', html: '<p>{{n}}</p>', sample: { n: 1 } });
  const warmup = Math.min(1_000, Math.floor(requests / 10));
  let warm = 0;
  const started = Date.now();
  for (let i = 0; i < requests; i++) {
    // one generate (a real render in the pool) for every ten requests; the rest read the workspace
    const response = i % 10 === 0
      ? await fetch(`${service.url}/v1/pdfs`, { method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: template.id, payload: { n: i } }) })
      : await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`request ${i}: ${response.status}`);
    if (i + 1 === warmup) warm = rssAfterGc();
  }
  const growth = report('server', warm, rssAfterGc(), requests);
  console.log(`server: ${((Date.now() - started) / requests).toFixed(2)} ms per request`);
  await service.close();
  return growth;
}

console.log(`fuzz: ${fuzzRuns} runs per property`);
const fuzz = spawnSync('npx', ['vitest', 'run', 'test/render/fuzz.test.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(fuzzRuns) }, timeout: 3_600_000 });
const engineGrowth = renders > 0 ? await soakEngine() : 0;
const serverGrowth = requests > 0 ? await soakServer() : 0;
const ok = fuzz.status === 0 && engineGrowth < 10 && serverGrowth < 10;
console.log(ok ? 'soak: passed' : 'soak: FAILED');
process.exit(ok ? 0 : 1);
