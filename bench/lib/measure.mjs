// Measures one document in this process (run by bench/run.mjs in a child process of its own, so
// that peak memory is the document's): warm renders with one engine, CPU time, output size, and
// the PDFKit floor drawing the same content. Prints one JSON object.
//   node bench/lib/measure.mjs KIND[:N] ITERATIONS
// KIND: invoice, invoice-blocks, book, report, table:ROWS, text:PAGES, batch:COUNT, soak:RENDERS,
// limit:ROWS (the statement of ROWS rows with the default limits, once: how soon a limit stops it).
import { performance } from 'node:perf_hooks';
import { createInternalEngine } from '../../dist/render.js';
import { fixture, invoiceBatch, invoiceWithoutFlex, longTable, longText } from './documents.mjs';
import { createFloor, floorScript } from './floor.mjs';
import { MiB, peakRssMiB, stats } from './stats.mjs';

const [kind, size] = process.argv[2].split(':');
const iterations = Number(process.argv[3] ?? 20);
const n = Number(size);

function requestsOf() {
  switch (kind) {
    case 'invoice': case 'book': case 'report': return [fixture(kind)];
    case 'invoice-blocks': return [invoiceWithoutFlex()];
    case 'table': case 'limit': return [longTable(n)];
    case 'text': return [longText(n)];
    case 'batch': case 'soak': return kind === 'batch' ? invoiceBatch(n) : [fixture('invoice')];
    default: throw new Error(`unknown document ${kind}`);
  }
}

// long documents on a busy machine may take longer than the default render budget: time, do not stop them
const engine = createInternalEngine({ limits: { maxRenderMs: 3_600_000 } });
const requests = requestsOf();

/**
 * Renders every request `rounds` times after the warm-up: rounds of `warmup.requests`,
 * at least `warmup.minRounds`, then more until `warmup.maxRounds` or until `warmup.ms` have passed; times are per
 * document. `render(request, i)` gets the request and its index in its list.
 */
async function renderRounds(render, rounds, warmup) {
  const warmStart = performance.now();
  for (let w = 0; w < warmup.minRounds || (w < warmup.maxRounds && performance.now() - warmStart < warmup.ms); w++) {
    for (const [i, request] of warmup.requests.entries()) await render(request, i, true);
  }
  const times = [];
  let last;
  const cpu = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (const [i, request] of requests.entries()) {
      const started = performance.now();
      last = await render(request, i, false);
      times.push(performance.now() - started);
    }
  }
  const used = process.cpuUsage(cpu);
  return { times, last, cpuMs: (used.user + used.system) / 1000 / times.length };
}

/**
 * What warms the engine before the timed renders. V8 needs several renders of a document before
 * its hot code is optimised (a 1,000-row table: the 4th render costs a third of the 1st), so a
 * document renders 4 times, then up to 60 times or 3 s, first, and the floor the same. A long document warms on a
 * short one of its kind (the table at 1,000 rows, the text at 10 pages), so every size of the
 * scaling section is timed equally warm and the warm-up neither dominates the run nor its peak
 * memory; a batch is a hundred documents and warms on itself once.
 */
function warmupOf() {
  if (requests.length > 1) return { requests, minRounds: 1, maxRounds: 1, ms: 0 };
  const requestsForWarmup = kind === 'table' && n > 1000 ? [longTable(1000)] : kind === 'text' && n > 10 ? [longText(10)] : requests;
  return { requests: requestsForWarmup, minRounds: 4, maxRounds: 60, ms: 3000 };
}

if (kind === 'limit') {
  // a payload past the limits, as a new user sends it: the time and memory spent before the error
  const started = performance.now();
  const cpu = process.cpuUsage();
  const error = await createInternalEngine().render(requests[0]).then(() => undefined, (e) => e);
  const used = process.cpuUsage(cpu);
  process.stdout.write(JSON.stringify({
    rows: n, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, peakRssMiB: peakRssMiB(),
    error: error === undefined ? null : `${error.code}: ${error.message}`,
  }));
} else if (kind === 'soak') {
  // memory over many renders with one engine: RSS after a warm-up tenth, then at the end
  const warm = Math.max(1, Math.round(n / 10));
  for (let i = 0; i < warm; i++) await engine.render(requests[0]);
  globalThis.gc?.();
  const after = process.memoryUsage().rss / MiB;
  for (let i = warm; i < n; i++) await engine.render(requests[0]);
  globalThis.gc?.();
  const end = process.memoryUsage().rss / MiB;
  process.stdout.write(JSON.stringify({ renders: n, rssAfterWarmupMiB: after, rssEndMiB: end, growth: end / after - 1 }));
} else {
  const warmup = warmupOf();
  const octavo = await renderRounds((request) => engine.renderDetailed(request), iterations, warmup);
  const peak = peakRssMiB();
  // the floor draws what octavo laid out: one script per document, warm-up documents included
  async function floorsOf(list) {
    const floors = [];
    for (const request of list) floors.push(createFloor(floorScript(await engine.display(request))));
    return floors;
  }
  const floors = await floorsOf(requests);
  const warmupFloors = warmup.requests === requests ? floors : await floorsOf(warmup.requests);
  const floor = await renderRounds((_request, i, warming) => (warming ? warmupFloors : floors)[i](), iterations, warmup);
  const o = stats(octavo.times);
  const f = stats(floor.times);
  const pages = octavo.last.pages;
  process.stdout.write(JSON.stringify({
    document: process.argv[2], documents: requests.length, pages,
    warm: o, cpuMs: octavo.cpuMs, pagesPerSecond: pages / (o.median / 1000), peakRssMiB: peak,
    pdfBytes: octavo.last.pdf.byteLength, warnings: octavo.last.diagnostics.length,
    floor: f, floorCpuMs: floor.cpuMs, ratio: o.median / f.median, cpuRatio: octavo.cpuMs / floor.cpuMs,
  }));
}
