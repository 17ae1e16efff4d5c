/* global fetch */
/**
 * Memory under load (issue 15 "soak"): N renders in one engine, N requests to one server on
 * 127.0.0.1, each with varying data. After the warm-up (caches full), heap and RSS are sampled
 * after a full GC at ten points; the growth is the mean of the last two samples against the mean
 * of the first two, so a steady leak shows while one noisy sample does not. Needs `--expose-gc`
 * and `npm run build`. Used by scripts/soak.mjs (long) and test/service/soak.test.ts (short).
 */
const SAMPLES = 10;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function measure() {
  globalThis.gc();
  globalThis.gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const growthOf = (samples, key) => {
  const first = mean(samples.slice(0, 2).map((s) => s[key]));
  const last = mean(samples.slice(-2).map((s) => s[key]));
  return ((last - first) / first) * 100;
};

/** Runs `step(i)` for i in [0, count); samples after `warmup` steps. */
async function sampled(count, warmup, step) {
  if (!globalThis.gc) throw new Error('run node with --expose-gc');
  const every = Math.max(1, Math.floor((count - warmup) / (SAMPLES - 1)));
  const samples = [];
  const started = Date.now();
  for (let i = 0; i < count; i++) {
    await step(i);
    if (i + 1 >= warmup && (i + 1 - warmup) % every === 0) {
      samples.push(measure());
      if (process.env.SOAK_VERBOSE) console.log(`  ${i + 1}: RSS ${mb(samples.at(-1).rss)}, heap ${mb(samples.at(-1).heapUsed)}`);
    }
  }
  if (samples.length < 3) samples.push(measure());
  return {
    count, warmup,
    msEach: (Date.now() - started) / count,
    rss: { warm: samples[0].rss, end: samples.at(-1).rss, growth: growthOf(samples, 'rss') },
    heap: { warm: samples[0].heapUsed, end: samples.at(-1).heapUsed, growth: growthOf(samples, 'heapUsed') },
  };
}

/** An invoice whose numbers and names differ on every render, as a real stream's do. */
const TEMPLATE = '<h1>Invoice {{n}}</h1><p>{{customer}}</p><table>{{#each rows}}<tr><td>{{a}}</td><td>{{b}}</td></tr>{{/each}}</table>';
const data = (n) => ({
  n, customer: `Customer ${n * 7919 % 100_003}`,
  rows: Array.from({ length: 20 }, (_, i) => ({ a: `item ${i} lot ${(n * 31 + i) % 9973}`, b: (n * 1.07 * (i + 1)).toFixed(2) })),
});

export async function soakEngine({ renders, warmup }) {
  const { createEngine } = await import('../dist/index.js');
  const engine = createEngine();
  return sampled(renders, warmup, (i) => engine.render({ template: TEMPLATE, data: data(i) }));
}

/**
 * The request path (HTTP, storage, worker pool, metrics, logs) rather than the engine's caches,
 * which soakEngine covers: a short document, so the workers' shaping caches (one engine per thread)
 * take few entries and are not what is measured.
 */
const NOTE = '<h1>Note {{n}}</h1><p>{{customer}}</p>';

/** One generate (a real render in the worker pool) for every ten requests; the rest read the workspace. */
export async function soakServer({ requests, warmup }) {
  const { startService } = await import('../dist/service/main/server.js');
  const { createMemoryStorage } = await import('../dist/service/storage/memory.js');
  const { addTemplate, createWorkspace } = await import('../dist/service/operations.js');
  const { silentLogger } = await import('../dist/service/logging.js');
  const { createEngineRenderer } = await import('../dist/service/renderer.js');
  const storage = createMemoryStorage();
  // short-lived links and a frequent sweep: stored documents expire instead of piling up in memory
  const service = await startService({
    storage, host: '127.0.0.1', port: 0, logger: silentLogger, pool: { threads: 2 }, linkTtlSeconds: 1, cleanupIntervalMs: 250,
  });
  try {
    const { apiKey } = await createWorkspace(storage, { name: 'soak', quota: requests });
    const { template } = await addTemplate(storage, createEngineRenderer(), { workspaceName: 'soak', name: 'T', html: NOTE, sample: data(0) });
    return await sampled(requests, warmup, async (i) => {
      const response = i % 10 === 0
        ? await fetch(`${service.url}/v1/pdfs`, { method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: template.id, payload: data(i) }) })
        : await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`request ${i}: ${response.status}`);
    });
  } finally {
    await service.close();
  }
}

export function describeSoak(label, result) {
  return `${label}: ${result.count} done (${result.msEach.toFixed(1)} ms each); after ${result.warmup} warm-up: `
    + `RSS ${mb(result.rss.warm)} -> ${mb(result.rss.end)} (${result.rss.growth.toFixed(1)} %), `
    + `heap ${mb(result.heap.warm)} -> ${mb(result.heap.end)} (${result.heap.growth.toFixed(1)} %)`;
}
