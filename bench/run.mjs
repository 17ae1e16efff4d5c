// octavo benchmark (issue 16; bench/README.md says how to read it): `npm run build && npm run bench`.
//
// Every document is measured in a child process of its own (bench/lib/measure.mjs), so its peak
// memory is its own; each child renders with one warm engine and then draws the same content with
// bare PDFKit (the floor, bench/lib/floor.mjs) and prints octavo's ratio to it.
//   --quick          fewer iterations and smaller scaling sizes (a minute or two)
//   --only LIST      sections: documents,cold,scaling,memory,service,caches,fresh,peers,scripts,images (comma-separated)
//   --iterations N   warm renders per document (default 30; --quick 8)
//   --json           machine-readable output
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createInternalEngine } from '../dist/render.js';
import { fixture, ROOT } from './lib/documents.mjs';
import { floorScript } from './lib/floor.mjs';
import { stats } from './lib/stats.mjs';
import { HEAP_GROWING_PERCENT } from '../dist/cli/shared/heap-growth.js';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const QUICK = args.includes('--quick');
const JSON_OUTPUT = args.includes('--json');
const ITERATIONS = Number(option('--iterations')) || (QUICK ? 8 : 30);
const SECTIONS = new Set((option('--only') ?? 'documents,cold,scaling,memory,service,caches,fresh,peers,scripts,images').split(','));
const path = (relative) => fileURLToPath(new URL(relative, ROOT));

function child(script, argv, nodeFlags = []) {
  const run = spawnSync(process.execPath, [...nodeFlags, path(script), ...argv], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${script} ${argv.join(' ')} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const measure = (document, iterations = ITERATIONS) => child('bench/lib/measure.mjs', [document, String(iterations)]);
const log = (line) => { if (!JSON_OUTPUT) process.stderr.write(`${line}\n`); };

const results = { node: process.version, quick: QUICK, iterations: ITERATIONS };

if (SECTIONS.has('documents')) {
  log('documents…');
  results.documents = {
    invoice: measure('invoice'),
    'invoice without flex': measure('invoice-blocks'),
    'report (book fixture)': measure('book', Math.max(3, Math.round(ITERATIONS / 5))),
    'long table, 1,500 rows': measure('table:1500', QUICK ? 1 : 3),
    'batch of 100 invoices': measure('batch:100', 1),
  };
}

if (SECTIONS.has('caches')) {
  log('caches…');
  // every engine-wide cache (src/cache/bounded.ts) after the invoice, the book and 20 invoices, three times
  results.caches = child('bench/lib/caches.mjs', [QUICK ? '1' : '3']);
}

if (SECTIONS.has('cold')) {
  log('cold starts…');
  results.cold = await cold(QUICK ? 3 : 10);
}

if (SECTIONS.has('scaling')) {
  log('scaling…');
  // 35,000 rows are about 970 pages: the 1,000-page table of issue 16's memory target
  const rows = QUICK ? [1000, 5000] : [1000, 5000, 20000, 35000];
  const pages = QUICK ? [10, 100] : [10, 100, 1000];
  // one long document per process, as `octavo render` runs it (src/cli/shared/heap-growth.ts); the
  // longest table once more with V8's default heap growth, as the library runs in its host
  const asCli = (document) => child('bench/lib/measure.mjs', [document, '1'], [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  const longest = rows[rows.length - 1];
  results.scaling = {
    table: [...rows.map((n) => ({ rows: n, ...asCli(`table:${n}`) })), { rows: longest, defaultHeap: true, ...measure(`table:${longest}`, 1) }],
    text: pages.map((n) => ({ requestedPages: n, ...asCli(`text:${n}`) })),
    limit: child('bench/lib/measure.mjs', ['limit:100000']),
  };
}

if (SECTIONS.has('memory')) {
  log('memory…');
  const renders = QUICK ? 1000 : 10000;
  results.memory = { soak: child('bench/lib/measure.mjs', [`soak:${renders}`], ['--expose-gc']) };
}

if (SECTIONS.has('fresh')) {
  log('fresh render processes…');
  // a render process of the pool without and with the CLI's warm-up, then 100 invoices (bench/lib/fresh-process.mjs);
  // with the warm-up after `ready` of `octavo serve`, the invoices sent once it has warmed up and at once after `ready`
  const { DEFAULT_WARM_UP_MS } = await import(path('dist/service/warm-until-steady.js'));
  const steady = ['--warm-up', '--warm-up-ms', String(DEFAULT_WARM_UP_MS)];
  results.fresh = {
    cold: child('bench/lib/fresh-process.mjs', []),
    warm: child('bench/lib/fresh-process.mjs', ['--warm-up']),
    steady: child('bench/lib/fresh-process.mjs', steady),
    steadyAtReady: child('bench/lib/fresh-process.mjs', [...steady, '--arrive', 'ready']),
    template: child('bench/lib/fresh-process.mjs', [...steady, '--warm-template']),
  };
}

if (SECTIONS.has('scripts')) {
  log('text in other scripts…');
  // five paragraphs of each script, warm (bench/lib/scripts.mjs), a process each
  const { SAMPLES } = await import(path('bench/lib/scripts.mjs'));
  const renders = QUICK ? '10' : '40';
  results.scripts = Object.keys(SAMPLES).map((script) => child('bench/lib/scripts.mjs', [script, renders, renders]));
}

if (SECTIONS.has('images')) {
  log('decoded images…');
  // a GIF bomb, a 12 MP WebP photo and a WebP logo on every invoice (bench/lib/decoded-images.mjs), a process each
  results.images = ['gif-bomb', 'bomb-page', 'photo', 'logo'].map((kind) => child('bench/lib/decoded-images.mjs', [kind]));
}

// the three documents octavo is judged with, beside the PDFKit floor's runner, when ../shared/bench is beside the project
const PEERS = path('../shared/bench/compare.mjs');
if (SECTIONS.has('peers') && existsSync(PEERS)) {
  log('peer documents (../shared/bench/compare.mjs)…');
  const run = spawnSync(process.execPath, [PEERS, '--reps', QUICK ? '1' : '3'], { cwd: path('.'), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`compare.mjs failed:\n${run.stderr}`);
  results.peers = run.stdout.trim().split('\n');
}

if (SECTIONS.has('service') && existsSync(path('bench/service.mjs'))) {
  log('service…');
  results.service = child('bench/service.mjs', QUICK ? ['--json', '--requests', '60'] : ['--json']);
}

/**
 * CPU time (user + system, ms) of the child processes this one has waited for so far, from
 * /proc/self/stat (Linux; undefined elsewhere): it counts a launcher's own children too.
 */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/**
 * The invoice rendered by new `octavo render` processes — from the startup snapshot (what `npx
 * octavo` runs), without it (the code-cached bundle), without both —, by a new process importing
 * the library (its entry, and its modules as before stop 77) and the floor's own new process:
 * wall and CPU time, the variants interleaved run by run so that a busy machine
 * weighs on all of them alike.
 */
async function cold(runs) {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-bench-'));
  try {
    const script = join(dir, 'floor.json');
    writeFileSync(script, JSON.stringify(floorScript(await createInternalEngine().display(fixture('invoice')))));
    const render = [path('dist/cli/main.js'), 'render', path('fixtures/invoice/template.html'),
      '--data', path('fixtures/invoice/data.json'), '--out', join(dir, 'invoice.pdf')];
    const libraryArgv = [path('bench/lib/library-cold.mjs'), path('fixtures/invoice/template.html'), path('fixtures/invoice/data.json'), join(dir, 'library.pdf')];
    const variants = {
      octavo: { argv: render, env: {} },
      noSnapshot: { argv: render, env: { OCTAVO_SNAPSHOT: '0' } },
      noCodeCache: { argv: render, env: { OCTAVO_SNAPSHOT: '0', OCTAVO_COMPILE_CACHE: '0' } },
      library: { argv: libraryArgv, env: {} },
      libraryModules: { argv: [...libraryArgv, '--modules'], env: {} },
      floor: { argv: [path('bench/lib/floor-cold.mjs'), script, join(dir, 'floor.pdf')], env: {} },
    };
    // the first run without the snapshot and the library's first run write the V8 code cache (src/compile-cache.ts), which later runs read
    spawnSync(process.execPath, render, { env: { ...process.env, ...variants.noSnapshot.env } });
    spawnSync(process.execPath, libraryArgv, { env: process.env });
    const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, { wall: [], cpu: [] }]));
    for (let i = 0; i < runs; i++) {
      for (const [name, { argv, env }] of Object.entries(variants)) {
        const cpu = childrenCpuMs();
        const started = performance.now();
        const run = spawnSync(process.execPath, argv, { encoding: 'utf8', env: { ...process.env, ...env } });
        if (run.status !== 0) throw new Error(`cold run failed: ${run.stderr}`);
        samples[name].wall.push(performance.now() - started);
        if (cpu !== undefined) samples[name].cpu.push(childrenCpuMs() - cpu);
      }
    }
    const result = Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, { ...stats(s.wall), cpu: s.cpu.length > 0 ? stats(s.cpu) : undefined }]));
    return {
      ...result, ratio: result.octavo.median / result.floor.median,
      cpuRatio: result.octavo.cpu === undefined ? undefined : result.octavo.cpu.median / result.floor.cpu.median,
      bytes: readFileSync(join(dir, 'invoice.pdf')).byteLength,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (JSON_OUTPUT) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  process.stdout.write(report(results));
}

function report(r) {
  const lines = [`octavo bench (node ${r.node}${r.quick ? ', --quick' : ''}; ms are wall time, warm = one engine reused; ratio = octavo / PDFKit floor, by median wall time and by CPU time)`, ''];
  const f0 = (v) => v.toFixed(0);
  const f1 = (v) => v.toFixed(1);
  const table = (head, rows) => {
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
    const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
    lines.push(line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '');
  };
  if (r.documents) {
    table(['document', 'pages', 'median', 'min', 'max', 'CPU ms', 'pages/s', 'peak RSS MiB', 'PDF KiB', 'floor ms', 'ratio', 'CPU ratio'],
      Object.entries(r.documents).map(([name, d]) => [
        d.documents > 1 ? `${name} (per document)` : name, d.pages, f1(d.warm.median), f1(d.warm.min), f1(d.warm.max), f1(d.cpuMs),
        f1(d.pagesPerSecond), f0(d.peakRssMiB), f0(d.pdfBytes / 1024), f1(d.floor.median), `${d.ratio.toFixed(2)}x`, `${d.cpuRatio.toFixed(2)}x`,
      ]));
    const flex = r.documents.invoice.warm.median / r.documents['invoice without flex'].warm.median - 1;
    lines.push(`invoice in flexbox vs the same invoice in inline-blocks: ${flex >= 0 ? '+' : ''}${(flex * 100).toFixed(1)} % (median)`, '');
  }
  if (r.caches) {
    const rate = (c) => (c.hits + c.misses === 0 ? '-' : `${((c.hits / (c.hits + c.misses)) * 100).toFixed(1)} %`);
    table(['cache (src/cache/bounded.ts)', 'instances', 'entries', 'bound', 'hits', 'misses', 'hit rate'],
      r.caches.map((c) => [c.name, c.instances, c.size, c.bound, c.hits, c.misses, rate(c)]));
  }
  if (r.cold) {
    const cpu = (d) => (d.cpu === undefined ? '-' : f0(d.cpu.median));
    const row = (name, d) => [name, f0(d.median), f0(d.min), f0(d.max), cpu(d)];
    table(['cold start (new process)', 'median ms', 'min', 'max', 'CPU ms'], [
      row('octavo render, invoice (CLI, startup snapshot)', r.cold.octavo),
      row('  without the snapshot (code-cached bundle)', r.cold.noSnapshot),
      row('  without the snapshot, code cache off', r.cold.noCodeCache),
      ...(r.cold.library === undefined ? [] : [
        row('octavo library, import + render (node script)', r.cold.library),
        row('  its modules, not the bundle (before stop 77)', r.cold.libraryModules),
      ]),
      row('PDFKit floor, invoice (node script)', r.cold.floor),
    ]);
    lines.push(`cold ratio octavo / floor: ${r.cold.ratio.toFixed(2)}x${r.cold.cpuRatio === undefined ? '' : `, by CPU time ${r.cold.cpuRatio.toFixed(2)}x`}`, '');
  }
  if (r.scaling) {
    table([`scaling: long table (as octavo render: --heap-growing-percent=${HEAP_GROWING_PERCENT})`, 'pages', 'ms', 'ms per 1,000 rows', 'peak RSS MiB', 'floor ms', 'ratio'],
      r.scaling.table.map((d) => [`${d.rows} rows${d.defaultHeap ? ', V8 default heap' : ''}`, d.pages, f0(d.warm.median), f0((d.warm.median / d.rows) * 1000), f0(d.peakRssMiB), f0(d.floor.median), `${d.ratio.toFixed(2)}x`]));
    table(['scaling: running text (the same)', 'pages', 'ms', 'ms per page', 'peak RSS MiB', 'floor ms', 'ratio'],
      r.scaling.text.map((d) => [`~${d.requestedPages} pages`, d.pages, f0(d.warm.median), f1(d.warm.median / d.pages), f0(d.peakRssMiB), f0(d.floor.median), `${d.ratio.toFixed(2)}x`]));
    const l = r.scaling.limit;
    lines.push(`limit: the statement with ${l.rows} rows, default limits: stopped after ${f0(l.ms)} ms (${f0(l.cpuMs)} CPU ms), peak RSS ${f0(l.peakRssMiB)} MiB — ${l.error ?? 'no error'}`, '');
  }
  if (r.memory) {
    const s = r.memory.soak;
    lines.push(`memory: ${s.renders} invoice renders in one engine: RSS ${f0(s.rssAfterWarmupMiB)} MiB after the first tenth, ${f0(s.rssEndMiB)} MiB at the end (${s.growth >= 0 ? '+' : ''}${(s.growth * 100).toFixed(1)} %)`, '');
  }
  if (r.fresh) {
    const row = (name, d) => [name, f0(d.readyMs), f0(d.readyCpuMs), f0(d.first.ms), f0(d.first.cpuMs), f0(d.secondToTenth.ms), f0(d.secondToTenth.cpuMs),
      f0(d.hundredth.ms), f0(d.hundredth.cpuMs), `${d.firstOverHundredth.toFixed(1)}x`];
    table(['fresh render process, 100 invoices', 'ready ms', 'CPU ms to ready', '1st ms', 'CPU', '2nd-10th ms', 'CPU', '91st-100th ms', 'CPU', '1st / 100th'], [
      row('no warm-up', r.fresh.cold),
      row('warm-up job only', r.fresh.warm),
      row('+ warm-up after ready, invoices after it (octavo serve)', r.fresh.steady),
      row('+ warm-up after ready, invoices at ready', r.fresh.steadyAtReady),
      ...(r.fresh.template ? [row('+ warm-up after ready with the invoice template, invoices after it', r.fresh.template)] : []),
    ]);
    for (const [name, d] of [['', r.fresh.steady], [' with the invoice template', r.fresh.template]]) {
      const w = d?.warmedUp;
      if (w) lines.push(`warm-up after ready${name}: ${w.renders} renders${w.templateRenders ? ` (${w.templateRenders} of the template)` : ''}, ${f0(w.cpuMs)} CPU ms (${w.settled ? 'settled' : 'budget spent'}), warm ${f0(w.ms)} ms after the fork`);
    }
    lines.push('');
  }
  if (r.scripts) {
    const latin = r.scripts.find((d) => d.script === 'latin');
    table(['text in other scripts, warm (5 paragraphs)', 'characters', 'pages', 'median ms', 'CPU ms', 'ms per 1,000 characters', 'CPU', 'CPU vs Latin'],
      r.scripts.map((d) => [d.script, d.characters, d.pages, f1(d.wall.median), f1(d.cpu.median), f1(d.wallPer1000), f1(d.cpuPer1000),
        latin === undefined ? '-' : `${(d.cpuPer1000 / latin.cpuPer1000).toFixed(1)}x`]));
  }
  if (r.images) {
    const what = { 'gif-bomb': 'GIF of 548 bytes declaring 2,065 × 16,400 px, first render', 'bomb-page': 'twelve such GIFs on one page, first render', photo: '4,000 × 3,000 WebP photo, first render', logo: '400 × 160 WebP logo, warm (median of 40)' };
    table(['images octavo decodes (bench/lib/decoded-images.mjs)', 'ms', 'CPU ms', 'peak RSS MiB', 'PDF bytes'],
      r.images.map((d) => [what[d.kind] ?? d.kind, f0(d.ms), f0(d.cpuMs), f0(d.peakRssMiB), d.bytes]));
  }
  if (r.peers) lines.push('peer documents, octavo / PDFKit floor after 3 and 40 warm-up renders (report: 8), by wall and CPU time:', ...r.peers, '');
  if (r.service) {
    const { service: s, singleThread: t } = r.service;
    table(['service (bench/service.mjs)', 'count', 'per second', 'p50 ms', 'p99 ms'], [
      [`HTTP generate, ${r.service.workers} workers, ${r.service.concurrency} in flight`, s.ok, f1(s.requestsPerSecond), f0(s.p50Ms), f0(s.p99Ms)],
      ['single thread, library, warm', t.renders, f1(t.rendersPerSecond), f0(t.p50Ms), f0(t.p99Ms)],
    ]);
    lines.push(`service / single thread: ${r.service.ratio.toFixed(2)}x on ${r.service.cores} cores (load average before ${r.service.loadAverage.before.join(', ')})`, '');
  }
  return `${lines.join('\n')}\n`;
}
