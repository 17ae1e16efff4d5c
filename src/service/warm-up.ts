/**
 * A warm-up document: a made-up business document using what most templates use — a flex
 * header, a table with a header row, inline styles, lists, borders and backgrounds, number and
 * date helpers, a page footer with "Page X of Y" — in the regular, bold and italic faces of the
 * bundled sans-serif and serif fonts, with and without letter spacing, and the monospace one.
 * Rendering it once compiles the code those features run, parses the fonts and loads ICU's data.
 * The CLI's startup snapshot renders it while it is built (cli/snapshot/warm-up.ts); the render
 * processes of `octavo serve` and `octavo worker` render it before they take requests (workers.ts
 * `warmUp`; not `render --batch`'s, where every render is on the path and the warm-up would
 * cost more than it saves the first document). It is not one of the gallery fixtures: the warm-up must not
 * depend on files a published package leaves out.
 */
import type { RenderJob } from './renderer.js';

const TEMPLATE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Order {{order.number}}</title>
<style>
  @page { size: A4; margin: 16mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; color: #666 } }
  * { box-sizing: border-box }
  body { margin: 0; font: 10pt/1.4 "Liberation Sans", Arial, sans-serif; color: #222 }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; border-bottom: 2px solid #345; padding-bottom: 8px }
  h1 { font-size: 20pt; margin: 0; letter-spacing: 1px }
  h2 { font: bold 12pt "Liberation Serif", serif; margin: 14px 0 6px }
  .tag { display: inline-block; padding: 2px 8px; border-radius: 6px; background: #e6eef7; font-size: 8pt; text-transform: uppercase }
  .cols { display: flex; gap: 20px } .cols > div { flex: 1 1 0 }
  p { margin: 0 0 6px; text-align: justify }
  table { width: 100%; border-collapse: collapse; margin: 8px 0 }
  th, td { padding: 4px 6px; border-bottom: 1px solid #ccd; text-align: left; vertical-align: top }
  th { font-size: 8pt; text-transform: uppercase; color: #556 }
  .n { text-align: right; white-space: nowrap }
  .total { margin-left: 50%; padding: 6px; background: #345; color: #fff; font-weight: bold; border-radius: 3px }
  .note { font: italic 9pt "Liberation Serif", serif; border-left: 3px solid #abc; padding-left: 8px }
  .label { font-size: 7.5pt; font-weight: bold; text-transform: uppercase; letter-spacing: 1px; color: #667 }
  code { font: 8.5pt "Liberation Mono", monospace }
</style></head>
<body>
  <header><div><h1>ORDER</h1><div>No. <b>{{order.number}}</b> · {{formatDate order.date "long"}}</div></div>
    <div style="text-align: right"><div class="tag">{{order.status}}</div><div>{{seller}}</div></div></header>
  <div class="cols">{{#each parties}}<div><h2>{{role}}</h2>{{#each lines}}<div>{{this}}</div>{{/each}}</div>{{/each}}</div>
  <h2>Items</h2>
  <table><thead><tr><th>#</th><th>Description</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Amount</th></tr></thead>
  <tbody>{{#each items}}<tr><td>{{add @index 1}}</td><td><b>{{name}}</b><br><span style="color: #667">{{detail}}</span></td>
    <td class="n">{{quantity}}</td><td class="n">{{formatCurrency price "EUR"}}</td><td class="n">{{formatCurrency (multiply quantity price) "EUR"}}</td></tr>{{/each}}</tbody></table>
  <div class="total">Total {{formatCurrency (sumProduct items "quantity" "price") "EUR"}}</div>
  <h2>Terms</h2>
  <ul>{{#each terms}}<li>{{this}}</li>{{/each}}</ul>
  <p class="note">{{note}} <b>{{seller}}</b></p>
  <div class="label">Reference</div>
  <p><i>Quote the order number</i> <b><i>{{order.number}}</i></b> with your payment; our systems read <code>{{order.number}}/{{formatNumber 1234.5}}</code>.
    Serif text reads <span style="font-family: serif">in <b>bold</b> and <i>italic</i> as well</span>.</p>
</body></html>`;

const DATA = {
  order: { number: 'W-0001', date: '2026-01-15', status: 'open' },
  seller: 'Example Supplies Ltd',
  parties: [
    { role: 'Supplier', lines: ['Example Supplies Ltd', '1 Sample Street', '1000 Town'] },
    { role: 'Customer', lines: ['Another Company GmbH', 'Musterweg 2', '2000 City'] },
  ],
  items: [
    { name: 'Consulting', detail: 'Workshop, preparation and written summary of the findings', quantity: 2, price: 950 },
    { name: 'Licences', detail: 'Yearly subscription, 25 seats', quantity: 25, price: 12.5 },
    { name: 'Hardware', detail: 'Document scanner with automatic feeder (duplex, 40 pages per minute)', quantity: 1, price: 489.9 },
  ],
  terms: ['Payable within 30 days of the invoice date.', 'Prices exclude VAT.', 'Delivery within two weeks of the order.'],
  note: 'Thank you for your order. Questions about this document? Write to us quoting its number, and we will answer within one working day.',
};

/** The warm-up document as a render job. */
export function warmUpJob(): RenderJob {
  return { template: TEMPLATE, data: DATA, templateName: 'warm-up' };
}
