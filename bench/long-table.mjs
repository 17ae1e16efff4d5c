// octavo long-table benchmark: run `npm run build && npm run bench:table`.
//
// A statement-style table (header repeated on every page, collapsed borders, four columns) at
// 1,000, 5,000 and 20,000 rows: ms per document, ms per 1,000 rows (linear when these agree),
// pages, pages/s, peak RSS, and the floor — PDFKit drawing the same rows (strings at precomputed
// positions, rectangles for the rules, the header again on every page) with the same font parsed
// once — with octavo's ratio to it. Options: --sizes 1000,5000,20000, --json.
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { createEngine } from '../dist/index.js';

const ROOT = new URL('../', import.meta.url);
const args = process.argv.slice(2);
const SIZES = (args.includes('--sizes') ? args[args.indexOf('--sizes') + 1] : '1000,5000,20000').split(',').map(Number);
const JSON_OUTPUT = args.includes('--json');

const template = `<style>
  @page { size: A4; margin: 15mm }
  body { font: 9pt "Liberation Sans"; margin: 0 }
  table { width: 100%; border-collapse: collapse }
  th, td { border-bottom: 0.5pt solid #999; padding: 2pt 4pt; text-align: left }
  td.n, th.n { text-align: right }
</style>
<table><thead><tr><th>Date</th><th>Reference</th><th>Description</th><th class=n>Amount</th></tr></thead>
<tbody>{{#each rows}}<tr><td>{{date}}</td><td>{{ref}}</td><td>{{text}}</td><td class=n>{{amount}}</td></tr>{{/each}}</tbody></table>`;

function rows(count) {
  return Array.from({ length: count }, (_, i) => ({
    date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    ref: `TX-${100000 + i}`,
    text: `Payment ${i % 7 === 0 ? 'received from customer account' : 'card'} ${i}`,
    amount: ((i * 37) % 10000 / 100).toFixed(2),
  }));
}

/** The floor: the same rows drawn by PDFKit at fixed positions, 20.5 px per row, the header on each page. */
function createFloor() {
  const font = fontkit.openSync(fileURLToPath(new URL('fonts/liberation/LiberationSans-Regular.ttf', ROOT)));
  const bold = fontkit.openSync(fileURLToPath(new URL('fonts/liberation/LiberationSans-Bold.ttf', ROOT)));
  return (data) => new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 0, compress: true, autoFirstPage: false });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', font);
    doc.registerFont('bold', bold);
    const x = [42.5, 140, 230, 480];
    const rowHeight = 15.4;
    const top = 42.5;
    const bottom = 799;
    let y = bottom;
    const line = (cells, name) => {
      doc.font(name).fontSize(9);
      cells.forEach((text, c) => doc.text(text, x[c], y + 2, { lineBreak: false }));
      doc.rect(42.5, y + rowHeight - 0.5, 510, 0.5).fill('#999999').fillColor('black');
      y += rowHeight;
    };
    for (const row of data) {
      if (y + rowHeight > bottom) {
        doc.addPage();
        y = top;
        line(['Date', 'Reference', 'Description', 'Amount'], 'bold');
      }
      line([row.date, row.ref, row.text, row.amount], 'regular');
    }
    doc.end();
  });
}

const engine = createEngine();
const floor = createFloor();
await engine.render({ template, data: { rows: rows(200) } }); // warm-up: fonts, caches
await floor(rows(200));

const results = [];
for (const size of SIZES) {
  const data = { rows: rows(size) };
  const started = performance.now();
  const result = await engine.renderDetailed({ template, data });
  const ms = performance.now() - started;
  const floorStarted = performance.now();
  await floor(data.rows);
  const floorMs = performance.now() - floorStarted;
  results.push({
    rows: size, pages: result.pages, ms, msPer1000Rows: (ms / size) * 1000, pagesPerSecond: result.pages / (ms / 1000),
    pdfBytes: result.pdf.byteLength, rssMiB: process.memoryUsage().rss / (1024 * 1024), floorMs, ratio: ms / floorMs,
  });
}

if (JSON_OUTPUT) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  process.stdout.write(`octavo long-table bench (node ${process.version})\n\n`);
  process.stdout.write('rows     pages   ms/doc    ms/1000 rows  pages/s  RSS MiB  floor ms  ratio\n');
  for (const r of results) {
    process.stdout.write(`${String(r.rows).padEnd(8)} ${String(r.pages).padEnd(7)} ${r.ms.toFixed(0).padEnd(9)} ${r.msPer1000Rows.toFixed(1).padEnd(13)} ${r.pagesPerSecond.toFixed(1).padEnd(8)} ${r.rssMiB.toFixed(0).padEnd(8)} ${r.floorMs.toFixed(0).padEnd(9)} ${r.ratio.toFixed(2)}x\n`);
  }
}
