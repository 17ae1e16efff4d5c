// octavo benchmark (DESIGN.md §3): run `npm run build && npm run bench`.
//
// For the invoice fixture: warm ms per document (one engine, 50 renders after 5 warm-ups:
// mean/median/p95), cold ms (a fresh `node` process rendering once, 5 runs, median), peak RSS over
// the warm loop, CPU ms per warm render, PDF bytes; pages/s for the multi-page report fixture; and the floor, raw PDFKit
// drawing the invoice's text strings in three pre-parsed fonts at similar positions, with the
// ratio octavo / floor; the 20-page justified, hyphenated book fixture (ms per document, pages/s,
// and the shaping cache: how many shape() calls the first render answered from its own memo,
// from the engine's shared cache, or by shaping). Options: --iterations N (default 50), --json (machine-readable output).
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { createEngine } from '../dist/index.js';
import { createInternalEngine } from '../dist/render.js';
import { createTemplateCache } from '../dist/template/render.js';

const ROOT = new URL('../', import.meta.url);
const args = process.argv.slice(2);
const ITERATIONS = Number(args[args.indexOf('--iterations') + 1]) || 50;
const WARMUP = 5;
const COLD_RUNS = 5;
const JSON_OUTPUT = args.includes('--json');

function fixture(name) {
  const folder = new URL(`fixtures/${name}/`, ROOT);
  return {
    template: readFileSync(new URL('template.html', folder), 'utf8'),
    data: JSON.parse(readFileSync(new URL('data.json', folder), 'utf8')),
    baseDir: fileURLToPath(folder),
    templateName: `fixtures/${name}/template.html`,
    deterministic: true,
  };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    median: sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2,
    p95: at(0.95),
    min: sorted[0],
  };
}

/** Renders `iterations` times after warm-ups with one engine; returns ms per render and peak RSS. */
async function warm(engine, request, iterations) {
  for (let i = 0; i < WARMUP; i++) await engine.render(request);
  const times = [];
  let peakRss = process.memoryUsage().rss;
  let last;
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    last = await engine.renderDetailed(request);
    times.push(performance.now() - started);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const cpu = process.cpuUsage(cpuStart);
  // CPU time (user + system) per render: steadier than wall time on a shared machine
  return { times, peakRss, last, cpuMs: (cpu.user + cpu.system) / 1000 / iterations };
}

/** A fresh process per run: import, engine creation, font parsing and one render. */
function cold() {
  const script = `
    const started = performance.now();
    const { render } = await import(${JSON.stringify(new URL('dist/index.js', ROOT).href)});
    const { readFileSync } = await import('node:fs');
    const folder = ${JSON.stringify(fileURLToPath(new URL('fixtures/invoice/', ROOT)))};
    await render({ template: readFileSync(folder + 'template.html', 'utf8'), data: JSON.parse(readFileSync(folder + 'data.json', 'utf8')), baseDir: folder });
    process.stdout.write(String(performance.now() - started));`;
  const process_ = [];
  const inside = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
    process_.push(performance.now() - started);
    inside.push(Number(child.stdout));
  }
  return { process: stats(process_).median, inside: stats(inside).median };
}

/**
 * Shaping cache figures: of the first render's shape() calls, the share answered by the render's
 * own memo, by the engine's shared cache and by shaping; then the shared cache's hit rate over
 * the warm renders.
 */
function shapingSummary(first, after) {
  const firstShared = first.texts.hits;
  const firstShaped = first.texts.misses;
  const warmHits = after.texts.hits - first.texts.hits;
  const warmMisses = after.texts.misses - first.texts.misses;
  return {
    first: {
      calls: first.calls,
      memo: (first.calls - firstShared - firstShaped) / first.calls,
      shared: firstShared / first.calls,
      shaped: firstShaped / first.calls,
    },
    warmHitRate: warmHits / Math.max(1, warmHits + warmMisses),
    uniqueTexts: first.texts.size,
    glyphRuns: first.runs.size,
  };
}

/** The invoice's text runs, in document order, from the filled template (no layout). */
async function invoiceStrings(request) {
  const html = await createTemplateCache().render({ source: request.template, data: request.data, name: 'invoice' });
  const body = html.replace(/<head>[\s\S]*?<\/head>/i, '');
  const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };
  return body.split(/<[^>]*>/)
    .map((run) => run.replace(/&(#?\w+);/g, (m, name) => entities[name] ?? m).replace(/\s+/g, ' ').trim())
    .filter((run) => run.length > 0);
}

/** The floor: PDFKit drawing the same strings in three pre-parsed fonts, one A4 page. */
function createFloor(strings) {
  const fontFile = (name) => fileURLToPath(new URL(`fonts/liberation/${name}`, ROOT));
  const fonts = {
    regular: fontkit.openSync(fontFile('LiberationSans-Regular.ttf')),
    bold: fontkit.openSync(fontFile('LiberationSans-Bold.ttf')),
    italic: fontkit.openSync(fontFile('LiberationSans-Italic.ttf')),
  };
  return () => new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 0, compress: true });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', fonts.regular);
    doc.registerFont('bold', fonts.bold);
    doc.registerFont('italic', fonts.italic);
    const names = ['regular', 'bold', 'regular', 'italic'];
    let y = 45;
    strings.forEach((text, index) => {
      const column = index % 4;
      if (column === 0 && index > 0) y += 11.5;
      doc.font(names[column]).fontSize(column === 1 ? 9.5 : 8.5).fillColor(column === 1 ? '#111827' : '#1f2933');
      doc.text(text, 45 + column * 128, y, { lineBreak: false, width: 124, ellipsis: false });
    });
    doc.end();
  });
}

async function floorTimes(strings, iterations) {
  const draw = createFloor(strings);
  for (let i = 0; i < WARMUP; i++) await draw();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    bytes = (await draw()).byteLength;
    times.push(performance.now() - started);
  }
  return { times, bytes };
}

const invoice = fixture('invoice');
const report = fixture('report');
const engine = createEngine();

const invoiceRun = await warm(engine, invoice, ITERATIONS);
const book = fixture('book');
const bookEngine = createInternalEngine();
await bookEngine.render(book);
const firstRender = bookEngine.fontStats;
const bookRun = await warm(bookEngine, book, Math.max(5, Math.round(ITERATIONS / 5)));
const afterWarm = bookEngine.fontStats;
const reportRun = await warm(engine, report, Math.max(5, Math.round(ITERATIONS / 5)));
const strings = await invoiceStrings(invoice);
const floor = await floorTimes(strings, ITERATIONS);
const coldRun = cold();

const invoiceStats = stats(invoiceRun.times);
const reportStats = stats(reportRun.times);
const floorStats = stats(floor.times);
const results = {
  invoice: {
    warmMs: invoiceStats,
    warmCpuMs: invoiceRun.cpuMs,
    coldMs: coldRun.process,
    coldRenderMs: coldRun.inside,
    pdfBytes: invoiceRun.last.pdf.byteLength,
    pages: invoiceRun.last.pages,
    warnings: invoiceRun.last.diagnostics.length,
  },
  report: {
    pages: reportRun.last.pages,
    msPerDocument: reportStats.median,
    pagesPerSecond: reportRun.last.pages / (reportStats.median / 1000),
  },
  book: {
    pages: bookRun.last.pages,
    msPerDocument: stats(bookRun.times).median,
    pagesPerSecond: bookRun.last.pages / (stats(bookRun.times).median / 1000),
    shaping: shapingSummary(firstRender, afterWarm),
  },
  peakRssMiB: Math.max(invoiceRun.peakRss, reportRun.peakRss, bookRun.peakRss) / (1024 * 1024),
  floor: { warmMs: floorStats, pdfBytes: floor.bytes, strings: strings.length },
  ratio: invoiceStats.median / floorStats.median,
};

if (JSON_OUTPUT) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  const ms = (value) => `${value.toFixed(1)} ms`;
  const pct = (value) => `${(value * 100).toFixed(1)}%`;
  const rows = [
    ['invoice warm (mean / median / p95)', `${ms(invoiceStats.mean)} / ${ms(invoiceStats.median)} / ${ms(invoiceStats.p95)}`],
    ['invoice warm CPU time per render (user + system)', ms(results.invoice.warmCpuMs)],
    ['invoice cold (process / render, median of 5)', `${ms(coldRun.process)} / ${ms(coldRun.inside)}`],
    ['invoice PDF size', `${results.invoice.pdfBytes} bytes, ${results.invoice.pages} page(s)`],
    [`report (${results.report.pages} pages) median`, `${ms(reportStats.median)} = ${results.report.pagesPerSecond.toFixed(1)} pages/s`],
    [`book (${results.book.pages} pages, justified, hyphenated) median`, `${ms(results.book.msPerDocument)} = ${results.book.pagesPerSecond.toFixed(1)} pages/s`],
    ['book first render: shape() calls', `${results.book.shaping.first.calls}: ${pct(results.book.shaping.first.memo)} render memo, ${pct(results.book.shaping.first.shared)} shared cache, ${pct(results.book.shaping.first.shaped)} shaped`],
    ['book warm renders: shared cache hit rate', pct(results.book.shaping.warmHitRate)],
    ['peak RSS (warm loops)', `${results.peakRssMiB.toFixed(1)} MiB`],
    [`floor: PDFKit, ${strings.length} strings, 3 fonts (median)`, `${ms(floorStats.median)}, ${floor.bytes} bytes`],
    ['ratio octavo / floor (median)', `${results.ratio.toFixed(2)}x`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  process.stdout.write(`octavo bench: ${ITERATIONS} warm iterations after ${WARMUP} warm-ups, node ${process.version}\n\n`);
  for (const [name, value] of rows) process.stdout.write(`${name.padEnd(width)}  ${value}\n`);
}
