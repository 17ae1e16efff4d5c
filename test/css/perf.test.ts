/**
 * Cascade scaling on a table of 150 and 1,500 rows (warm: stylesheets cached): it catches
 * quadratic regressions, such as structural pseudo-classes scanning every sibling or style
 * sharing no longer working. Speed itself is measured by bench/.
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../src/diagnostics.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { parseHtml } from '../../src/dom/parse.js';
import { cascade, collectStylesheets, createStylesheetCache } from '../../src/css/index.js';

const CSS = `
  :root { --accent: #0a4 }
  body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #333 }
  .header { display: flex; justify-content: space-between; border-bottom: 2px solid var(--accent) }
  h1 { font-size: 18pt; margin: 0 0 8px }
  table { width: 100%; border-collapse: collapse }
  th { background: #eee; text-align: left; padding: 4px 6px; border-bottom: 1px solid #999 }
  td { padding: 3px 6px; border-bottom: 0.5pt solid #ddd }
  tr:nth-child(even) td { background: #fafafa }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums }
  tfoot td { font-weight: bold; border-top: 1px solid #333 }
  @page { size: A4; margin: 2cm; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }`;

function invoice(rows: number): string {
  let body = '';
  for (let i = 0; i < rows; i++) {
    body += `<tr><td>${i + 1}</td><td>Item ${i}</td><td class="num">${i % 7}</td><td class="num">${(i * 1.5).toFixed(2)}</td><td class="num">${(i * 4.5).toFixed(2)}</td></tr>`;
  }
  return `<!DOCTYPE html><html><head><style>${CSS}</style></head><body>
    <div class="header"><h1>Invoice</h1><div><b>ACME</b><br>1 Road</div></div>
    <table><thead><tr><th>#</th><th>Item</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Total</th></tr></thead>
    <tbody>${body}</tbody><tfoot><tr><td colspan="4">Total</td><td class="num">1</td></tr></tfoot></table></body></html>`;
}

async function bestOf(html: string, runs: number): Promise<{ ms: number; diagnostics: string[] }> {
  const cache = createStylesheetCache();
  const dom = parseHtml(html, 'perf.html');
  let best = Infinity;
  let diagnostics: string[] = [];
  for (let i = 0; i < runs; i++) {
    const sink = new Diagnostics();
    const { ms } = await cpuTime(async () => {
      const sheets = await collectStylesheets(dom, { baseUrl: undefined, loadText: () => Promise.reject(new Error('no loads')), cache, diagnostics: sink });
      cascade(dom, sheets, { diagnostics: sink });
    });
    best = Math.min(best, ms);
    diagnostics = sink.list().map((d) => `${d.line}: ${d.message}`);
  }
  return { ms: best, diagnostics };
}

describe('cascade performance', () => {
  it('reports nothing for the invoice\'s stylesheet (everything it says is honoured)', async () => {
    const { diagnostics } = await bestOf(invoice(20), 1);
    expect(diagnostics).toEqual([]);
  });

  // no absolute budget (those live in bench/): ten times the rows must cost about ten times the
  // CPU time, never a hundred as a quadratic cascade would (the small case takes a few ms, and
  // the large one pays more GC); CPU time, as wall time grows with the machine's load
  it('styles a table in linear time', async () => {
    const small = await bestOf(invoice(150), 10);
    const large = await bestOf(invoice(1500), 10);
    console.log(`cascade: 150 rows ${small.ms.toFixed(2)} ms, 1,500 rows ${large.ms.toFixed(2)} ms CPU, warm`);
    expect(large.ms / small.ms).toBeLessThan(60);
  });

  // css-tree clears its token buffers whole before each parse and never shrinks them: after one
  // large source, every small value cost as much as the large one (11 s for this attribute)
  it('reads small values as fast after a large style attribute, each quirky value read twice', async () => {
    const attribute = (declaration: string): string => `<div style="${declaration.repeat(20_000)}">x</div>`;
    const quirky = await bestOf(attribute('width: 1e9; margin: -1e9; color: ffffff; '), 1);
    const valid = await bestOf(`<!DOCTYPE html>${attribute('width: 1e9px; margin: -1e9px; color: #ffffff; ')}`, 1);
    console.log(`60,000 declarations: quirky ${quirky.ms.toFixed(0)} ms, valid ${valid.ms.toFixed(0)} ms CPU`);
    expect(quirky.ms / valid.ms).toBeLessThan(5);
  });

  // css-tree formats an excerpt of the whole source for each syntax error, and its grammar errs on
  // purpose in `@supports ((a: b) or …)`: 20,000 such rules took 38 s
  // (four times the rules: about four times the CPU, never the sixteen of a quadratic parse; it was
  // compared with as many @media rules, a ratio of 2.7-5.4 depending on the machine's load)
  it('parses a stylesheet of many rules css-tree recovers from in linear time', async () => {
    const sheet = (count: number, rule: (i: number) => string): string => `<!DOCTYPE html><style>${Array.from({ length: count }, (_, i) => rule(i)).join('\n')}</style><p class="c5">x`;
    const supports = (i: number): string => `@supports ((display: grid) or (not (display: x${i}))) { .c${i} { color: red } }`;
    // a stylesheet of plain rules first: the worker's first parse pays V8 compiling the parser (one
    // run each: a second would find the parsed sheet in the engine's cache)
    await bestOf(sheet(8_000, (i) => `.c${i} { color: red }`), 1);
    const small = await bestOf(sheet(2_000, supports), 1);
    const large = await bestOf(sheet(8_000, supports), 1);
    console.log(`@supports rules: 2,000 ${small.ms.toFixed(0)} ms, 8,000 ${large.ms.toFixed(0)} ms CPU`);
    expect(large.ms / small.ms).toBeLessThan(9);
  });
});
