/**
 * A warm-up document: a made-up business document using what most templates use — a flex
 * header, a table with a header row, inline styles, lists, borders and backgrounds, number and
 * date helpers, a page footer with "Page X of Y" — in the regular, bold and italic faces of the
 * bundled sans-serif and serif fonts, with and without letter spacing, and the monospace one.
 * Rendering it once compiles the code those features run, parses the fonts and loads ICU's data.
 * The CLI's startup snapshot renders it while it is built (cli/snapshot/warm-up.ts); the render
 * processes of `octavo serve` and `octavo worker` render it before they take requests (workers.ts
 * `warmUp`; not `render --batch`'s, where every render is on the path and the warm-up would
 * cost more than it saves the first document), and then, after they are ready and while no request
 * waits, at other lengths and with other words (`warmUpStepJob`, service/warm-until-steady.ts). It
 * is not one of the gallery fixtures: the warm-up must not depend on files a published package
 * leaves out.
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

/**
 * Table lengths of the warm-up's later renders, one per step, round after round: one page and
 * several, so that page breaks inside a table, its header repeated on the next page and
 * "Page X of Y" past one run (and get compiled) as well as the one-page path.
 */
export const WARM_UP_ROWS: readonly number[] = [3, 36, 12, 60, 20];

/** Words the later renders' rows are made of: text the first render did not shape. */
const WORDS = [
  'annual', 'maintenance', 'contract', 'delivery', 'freight', 'insurance', 'installation', 'training', 'support', 'hours',
  'paper', 'toner', 'cartridge', 'printer', 'monitor', 'keyboard', 'cable', 'adapter', 'storage', 'backup',
  'Zürich', 'Köln', 'Malmö', 'São', 'Paulo', 'Łódź', 'Ærø', 'Besançon', 'Øresund', 'Straße',
  'quarterly', 'review', 'audit', 'report', 'design', 'layout', 'print', 'run', 'express', 'surcharge',
  'discount', 'rebate', 'credit', 'note', 'deposit', 'balance', 'VAT', 'ID', 'No.', 'Ref.',
];

/** Rules added to the stylesheet of a later render, one per step in turn ({n}: the step, {c}: a colour of it). */
const STEP_RULES = [
  '.v{n} td:nth-child(2) { color: #{c} }',
  'tbody tr:nth-child(even) td { background: #{c}10 }',
  'header > div:first-child h1 { margin-bottom: {d}px }',
  '[class~="tag"] { border: 1px solid #{c} }',
  'ul li + li { margin-top: {d}px }',
  'p:not(.note) { line-height: 1.{d} }',
  '.cols > div:last-child { padding-left: {d}pt; border-left: 1px dotted #{c} }',
  'h2 ~ table th:first-child { width: {d}em }',
];

/**
 * The warm-up document's `step`th later render (step 0, 1, …): the template with
 * `WARM_UP_ROWS[step % length]` rows made of varied words, prices and quantities, so that each
 * render meets text, numbers and page breaks the previous ones did not — and a template and a
 * stylesheet of its own (one more rule and one more paragraph), since a request's template is new
 * to a fresh process too: compiling templates and parsing stylesheets runs often enough to be
 * optimised as well. What the steps leave in the engine's caches is keyed by their own text.
 */
export function warmUpStepJob(step: number): RenderJob {
  const rows = WARM_UP_ROWS[step % WARM_UP_ROWS.length]!;
  const word = (n: number): string => WORDS[(n * 7 + step * 13) % WORDS.length]!;
  const items = Array.from({ length: rows }, (_, i) => ({
    name: `${word(i)} ${word(i + 3)}`,
    detail: `${word(i + 1)} ${word(i + 5)} ${word(i + 11)}, ${word(i + 17)} ${(step * 31 + i * 17) % 1000}`,
    quantity: 1 + ((i + step) % 12),
    price: Math.round(((i * 37 + step * 11) % 2000) * 1.25) / 10,
  }));
  const order = { number: `W-${String(1000 + step)}`, date: `2026-${String(1 + (step % 12)).padStart(2, '0')}-${String(1 + (step % 28)).padStart(2, '0')}`, status: step % 2 === 0 ? 'open' : 'paid' };
  const colour = ((step * 2_654_435_761) >>> 8).toString(16).padStart(6, '0').slice(0, 6);
  const rule = STEP_RULES[step % STEP_RULES.length]!.replaceAll('{n}', String(step)).replaceAll('{c}', colour).replaceAll('{d}', String(1 + (step % 5)));
  const template = TEMPLATE
    .replace('</style>', `  ${rule}\n</style>`)
    .replace('</body>', `  <p class="v${step}">{{#if note}}{{#with order}}{{number}} ({{status}}){{/with}}{{else}}-{{/if}} · step ${step}</p>\n</body>`);
  return { template, data: { ...DATA, order, items }, templateName: 'warm-up' };
}
