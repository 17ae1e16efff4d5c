import { it } from 'vitest';
import { Diagnostics } from '../../src/diagnostics.js';
import { parseHtml } from '../../src/dom/parse.js';
import { cascade, collectStylesheets, createStylesheetCache } from '../../src/css/index.js';

const css = `body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: #333 }
table { width: 100%; border-collapse: collapse } th { background: #eee; text-align: left; padding: 4px 6px; border-bottom: 1px solid #999 }
td { padding: 3px 6px; border-bottom: 0.5pt solid #ddd } td.num { text-align: right; font-variant-numeric: tabular-nums }
.header { display: flex; justify-content: space-between } .total { font-weight: bold } h1 { font-size: 18pt; margin: 0 0 8px }
@page { size: A4; margin: 2cm; @bottom-center { content: "Page " counter(page) " of " counter(pages) } }`;
function doc(rows: number): string {
  let body = '';
  for (let i = 0; i < rows; i++) body += `<tr><td>${i}</td><td>Item ${i}</td><td class="num">${i * 3}</td><td class="num">${(i * 1.5).toFixed(2)}</td><td class="num">${(i * 4.5).toFixed(2)}</td></tr>`;
  return `<!DOCTYPE html><html><head><style>${css}</style></head><body><div class="header"><h1>Invoice</h1><div>ACME</div></div><table><thead><tr><th>#</th><th>Item</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead><tbody>${body}</tbody></table><p class="total">Total</p></body></html>`;
}
async function measure(rows: number, label: string): Promise<void> {
  const cache = createStylesheetCache();
  const html = doc(rows);
  const dom = parseHtml(html, 'x.html');
  const loadText = async (): Promise<string> => '';
  let best = Infinity;
  for (let i = 0; i < 30; i++) {
    const diagnostics = new Diagnostics();
    const t0 = performance.now();
    const sheets = await collectStylesheets(dom, { baseUrl: undefined, loadText, cache, diagnostics });
    cascade(dom, sheets, { diagnostics });
    best = Math.min(best, performance.now() - t0);
    if (i === 0) console.log(label, 'cold ms', (performance.now() - t0).toFixed(2), diagnostics.list());
  }
  console.log(label, 'warm best ms', best.toFixed(2));
}
it('perf', async () => {
  await measure(20, 'invoice(20 rows)');
  await measure(1500, 'table(1500 rows)');
}, 60000);
