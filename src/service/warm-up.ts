/**
 * A warm-up document: a made-up business document using what most templates use — a flex
 * header with a fixed-size logo box in a nested flex, rows of a label and a value spread apart, a
 * table with a header row, column widths in percent, line breaks in its cells and cells of plain
 * words that may wrap (the quantity and its unit), its rows on lines of their own, a totals
 * block, a bordered box of flex cells, inline styles, lists, borders and backgrounds, number,
 * currency, percent and date helpers with a locale, `eq`, `default`, `with ... as |x|`, `../`
 * paths and hash arguments, a page footer with "Page X of Y" — in the regular, bold and italic
 * faces of the bundled sans-serif and serif fonts, with and without letter spacing, and the
 * monospace one. What a template uses and the warm-up does not is compiled, and its records'
 * shapes first met, during that template's first request (bench/README.md, stop 32).
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
import { WARM_UP_IMAGES } from './warm-up-images.js';

const TEMPLATE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Order {{order.number}}</title>
<style>
  @page { size: A4; margin: 16mm; @bottom-center { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; color: #666 } }
  * { box-sizing: border-box }
  body { margin: 0; font: 10pt/1.4 "Liberation Sans", Arial, sans-serif; color: #222 }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; border-bottom: 2px solid #345; padding-bottom: 8px }
  .brand { display: flex; align-items: center; gap: 8px }
  .logo { flex: none; width: 30px; height: 30px; line-height: 30px; border-radius: 5px; background-color: #345; color: #fff; font-size: 16pt; font-weight: bold; text-align: center }
  h1 { font-size: 20pt; margin: 0; letter-spacing: 1px }
  h2 { font: bold 12pt "Liberation Serif", serif; margin: 14px 0 6px }
  .muted { color: #778 }
  .tag { display: inline-block; padding: 2px 8px; border-radius: 6px; background: #e6eef7; font-size: 8pt; text-transform: uppercase }
  .tag-paid { background-color: #def7ec; color: #03543f }
  .cols { display: flex; gap: 20px } .cols > div { flex: 1 1 0 }
  .fact { display: flex; justify-content: space-between; gap: 8px; margin-bottom: 2px }
  .fact-value { text-align: right; font-weight: bold }
  .project { margin: 10px 0; padding: 6px 12px; background-color: #f3f6fa; border-left: 3px solid #345 }
  p { margin: 0 0 6px; text-align: justify }
  table { width: 100%; border-collapse: collapse; margin: 8px 0 }
  th, td { padding: 4px 6px; border-bottom: 1px solid #ccd; text-align: left; vertical-align: top }
  th { font-size: 8pt; text-transform: uppercase; letter-spacing: 0.5px; color: #556; border-bottom: 1.5px solid #223 }
  tr { break-inside: avoid }
  .c-no { width: 6%; color: #778 } .c-desc { width: 46% } .c-qty { width: 14%; text-align: right } .c-price { width: 16% } .c-amount { width: 18% }
  .n { text-align: right; white-space: nowrap }
  .detail { font-size: 8pt; color: #667 }
  .sums { margin-left: 50%; margin-bottom: 12px }
  .sum { display: flex; justify-content: space-between; padding: 3px 6px }
  .total { margin-top: 4px; padding: 6px; background: #345; color: #fff; font-weight: bold; font-size: 11pt; border-radius: 3px }
  .box { padding: 8px 12px; border: 1px solid #ccd; border-radius: 4px; margin-bottom: 12px }
  .cells { display: flex } .cells > div { flex: 1 1 0 }
  .note { font: italic 9pt "Liberation Serif", serif; border-left: 3px solid #abc; padding-left: 8px }
  .remark { font-style: italic; color: #556; margin-bottom: 8px }
  .label { font-size: 7.5pt; font-weight: bold; text-transform: uppercase; letter-spacing: 1px; color: #667 }
  code { font: 8.5pt "Liberation Mono", monospace }
  footer { border-top: 1px solid #ccd; padding-top: 6px; font-size: 7.5pt; color: #778; text-align: center }
</style></head>
<body>
  <header><div class="brand"><div class="logo">{{initials}}</div><div><h1>ORDER</h1><div class="muted">No. <b>{{order.number}}</b> · {{formatDate order.date "long"}}</div></div></div>
    <div style="text-align: right"><div class="tag{{#if (eq order.status "paid")}} tag-paid{{/if}}">{{order.status}}</div><div>{{seller}}</div></div></header>
  <div class="cols">{{#each parties}}<div><h2>{{role}}</h2>{{#each lines}}<div>{{this}}</div>{{/each}}</div>{{/each}}
    <div><h2>Details</h2>
      <div class="fact"><span class="muted">Ordered</span><span class="fact-value">{{formatDate order.date "long" locale}}</span></div>
      <div class="fact"><span class="muted">Due</span><span class="fact-value">{{formatDate order.due "medium" locale}}</span></div>
      <div class="fact"><span class="muted">Your reference</span><span class="fact-value">{{default order.reference "—"}}</span></div>
      <div class="fact"><span class="muted">Amount</span><span class="fact-value">{{#with (sumProduct items "quantity" "price") as |net|}}{{formatCurrency (add net (round (multiply net ../vatRate) 2)) ../currency ../locale}}{{/with}}</span></div>
    </div></div>
  <div class="project"><b>Project:</b> {{order.project}}</div>
  <h2>Items</h2>
  <table class="lines">
    <thead><tr><th class="c-no">#</th><th class="c-desc">Description</th><th class="c-qty n">Qty</th><th class="c-price n">Price</th><th class="c-amount n">Amount</th></tr></thead>
    <tbody>
    {{#each items}}
    <tr><td class="c-no">{{add @index 1}}</td><td class="c-desc"><b>{{name}}</b><br><span class="detail">{{detail}}</span></td>
      <td class="c-qty">{{formatNumber quantity locale=../locale}} {{unit}}</td><td class="c-price n">{{formatCurrency price ../currency ../locale}}</td><td class="c-amount n">{{formatCurrency (multiply quantity price) ../currency ../locale}}</td></tr>
    {{/each}}
    </tbody>
  </table>
  {{#with (sumProduct items "quantity" "price") as |net|}}<div class="sums">
    <div class="sum"><span class="muted">Net ({{length ../items}} items)</span><span>{{formatCurrency net ../currency ../locale}}</span></div>
    <div class="sum"><span class="muted">VAT {{formatPercent ../vatRate}}</span><span>{{formatCurrency (round (multiply net ../vatRate) 2) ../currency ../locale}}</span></div>
    <div class="sum total"><span>Total</span><span>{{formatCurrency (add net (round (multiply net ../vatRate) 2)) ../currency ../locale}}</span></div>
  </div>{{/with}}
  <div class="box"><div class="label">Payment details</div><p>{{payment.terms}}</p>
    <div class="cells"><div><span class="muted">Bank</span><br>{{payment.bank}}</div><div><span class="muted">IBAN</span><br><b>{{payment.iban}}</b></div><div><span class="muted">BIC</span><br>{{payment.bic}}</div></div></div>
  <h2>Terms</h2>
  <ul>{{#each terms}}<li>{{this}}</li>{{/each}}</ul>
  {{#if remark}}<div class="remark">{{remark}}</div>{{/if}}
  <p class="note">{{note}} <b>{{seller}}</b></p>
  <div class="label">Reference</div>
  <p><i>Quote the order number</i> <b><i>{{order.number}}</i></b> with your payment; our systems read <code>{{order.number}}/{{formatNumber 1234.5}}</code>.
    Serif text reads <span style="font-family: serif">in <b>bold</b> and <i>italic</i> as well</span>.</p>
  <footer>{{seller}} · {{join address ", "}} · {{email}}</footer>
</body>
</html>
`;

const DATA = {
  locale: 'en-GB',
  currency: 'EUR',
  vatRate: 0.2,
  initials: 'E',
  seller: 'Example Supplies Ltd',
  address: ['1 Sample Street', '1000 Town', 'Exampleland'],
  email: 'orders@example.com',
  order: { number: 'W-0001', date: '2026-01-15', due: '2026-02-14', status: 'open', reference: 'PO-77-1234', project: 'Office refit, second floor' },
  parties: [
    { role: 'Supplier', lines: ['Example Supplies Ltd', '1 Sample Street', '1000 Town'] },
    { role: 'Customer', lines: ['Another Company GmbH', 'Musterweg 2', '2000 City'] },
  ],
  items: [
    { name: 'Consulting', detail: 'Workshop, preparation and written summary of the findings', quantity: 2, unit: 'days', price: 950 },
    { name: 'Licences', detail: 'Yearly subscription, 25 seats', quantity: 25, unit: 'seats', price: 12.5 },
    { name: 'Hardware', detail: 'Document scanner with automatic feeder (duplex, 40 pages per minute)', quantity: 1, unit: 'pc.', price: 489.9 },
  ],
  payment: { terms: 'Payable within 30 days by bank transfer, quoting the order number.', bank: 'Example Bank plc', iban: 'GB00 EXMP 0000 0012 3456 78', bic: 'EXMPGB2L' },
  terms: ['Payable within 30 days of the invoice date.', 'Prices exclude VAT.', 'Delivery within two weeks of the order.'],
  remark: 'Goods remain our property until paid in full.',
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

/** Words the later renders' rows are made of: text the first render did not shape (and one that HTML escapes: Handlebars' escaping branch). */
const WORDS = [
  'annual', 'maintenance', 'contract', 'delivery', 'freight', 'insurance', 'installation', 'training', 'support', 'hours',
  'paper', 'toner', 'cartridge', 'printer', 'monitor', 'keyboard', 'cable', 'adapter', 'storage', 'backup',
  'Zürich', 'Köln', 'Malmö', 'São', 'Paulo', 'Łódź', 'Ærø', 'Besançon', 'Øresund', 'Straße',
  'quarterly', 'review', 'audit', 'report', 'design', 'layout', 'print', 'run', 'express', 'surcharge',
  'discount', 'rebate', 'credit', 'note', 'deposit', 'balance', 'VAT', 'R&D', 'No.', 'Ref.',
];

/** Units of the later renders' quantities. */
const UNITS = ['days', 'hours', 'pc.', 'kg', 'seats', 'm²', 'sessions'];

/** Locales and currencies of the later renders, in turn: the number and date helpers' formatters for each. */
const LOCALES: readonly { readonly locale: string; readonly currency: string }[] = [
  { locale: 'en-GB', currency: 'GBP' }, { locale: 'en-US', currency: 'USD' }, { locale: 'de-DE', currency: 'EUR' }, { locale: 'fr-FR', currency: 'EUR' },
];

/** VAT rates of the later renders, in turn with `LOCALES`. */
const VAT_RATES = [0.2, 0.23, 0.19, 0.075];

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
 * The step's own paragraphs, in Handlebars syntax the template above leaves out: blocks alone on
 * their lines (Handlebars strips such "standalone" lines, a branch of its whitespace pass that
 * marks the text around them), `{{else if}}` chains, `{{#each}}`'s `{{else}}`, `{{#unless}}`,
 * `@first`/`@last`, block parameters on a standalone block, a block body twice (the compiler
 * shares it), `~` whitespace control and comments. Most stored templates put their blocks
 * on lines of their own; compiled only from inline blocks, the compiler met them first in a
 * request's template and V8 threw its optimised code away there (bench/README.md, issue 32 stop 34).
 */
function stepBlocks(variant: number): string {
  return `  {{!-- step ${variant} --}}
  {{#if note}}
  <p class="v${variant}">{{#with order}}{{number}} ({{status}}){{/with}} · step ${variant} · {{#with order}}{{number}} ({{status}}){{/with}}</p>
  {{else if remark}}
  <p>{{remark}}</p>
  {{else}}
  <p>-</p>
  {{/if}}
  <p class="detail">
    {{#each terms}}
    <span>{{#if @first}}${variant}. {{/if}}{{~this~}}{{#unless @last}};{{/unless}}</span>
    {{else}}
    <span>-</span>
    {{/each}}
    {{#with order as |o|}}
    <span>{{o.project}}{{#if o.reference}} · {{o.reference}}{{/if}}</span>
    {{/with}}
  </p>
`;
}

/** The first render's logo: a box of initials. */
const LOGO_BOX = '<div class="logo">{{initials}}</div>';

/**
 * The logo image's attributes, in turn: templates write an `<img>`'s attributes in their own
 * order and number, and each set gives the HTML parser's attribute record another hidden class.
 * Met in one way only, the code that reads them was compiled for that one and thrown away at a
 * request's own `<img>` (bench/README.md, issue 32 stop 35); met in several, it is compiled for any.
 */
const IMAGE_ATTRIBUTES: readonly ((src: string) => string)[] = [
  (src) => `class="logo" src="${src}" alt="{{initials}}" style="width: auto; background: none"`,
  (src) => `src="${src}" class="logo" style="width: auto; background: none"`,
  (src) => `src="${src}" alt="" style="height: 30px"`,
  (src) => `src="${src}" alt="{{initials}}" width="45" height="15"`,
  (src) => `id="logo-{{initials}}" class="logo" src="${src}" style="width: auto; background: none"`,
];

/**
 * The step template's logo: in three of four an image (warm-up-images.ts: PNGs and a JPEG, about
 * the box's size, `IMAGE_ATTRIBUTES` in turn), as most templates' logos are; else the box of initials.
 */
function logoOf(variant: number): string {
  if (variant % 4 === 3) return LOGO_BOX;
  const src = WARM_UP_IMAGES[variant % WARM_UP_IMAGES.length]!;
  return `<img ${IMAGE_ATTRIBUTES[variant % IMAGE_ATTRIBUTES.length]!(src)}>`;
}

/**
 * The template of steps 2 × `variant` and the one after it: one more stylesheet rule, a logo, one
 * more paragraph. Two steps in a row render it, with other data: the second render of a template
 * takes other paths than its first (the compiled template, parsed stylesheet and kept images
 * found again; Handlebars' runtime container, which its first run completes) — a template used
 * once only, as every step's was, left those to a request, whose template is rendered again and
 * again (bench/README.md, issue 32 stop 35).
 */
function stepTemplate(variant: number): string {
  const colour = ((variant * 2_654_435_761) >>> 8).toString(16).padStart(6, '0').slice(0, 6);
  const rule = STEP_RULES[variant % STEP_RULES.length]!.replaceAll('{n}', String(variant)).replaceAll('{c}', colour).replaceAll('{d}', String(1 + (variant % 5)));
  return TEMPLATE
    .replace('</style>', `  ${rule}\n</style>`)
    .replace(LOGO_BOX, logoOf(variant))
    .replace('</body>', `${stepBlocks(variant)}</body>`);
}

/**
 * The warm-up document's `step`th later render (step 0, 1, …): the template with
 * `WARM_UP_ROWS[step % length]` rows made of varied words, prices, quantities and units, in one
 * of `LOCALES` in turn, with and without a reference and a remark (both branches of `default` and
 * `#if`), so that each render meets text, numbers and page breaks the previous ones did not — and a
 * template and a stylesheet new every other step (`stepTemplate`), since a request's template is
 * new to a fresh process too: compiling templates and parsing stylesheets runs often enough to be
 * optimised as well. What the steps leave in the engine's caches is keyed by their own text.
 */
export function warmUpStepJob(step: number): RenderJob {
  const rows = WARM_UP_ROWS[step % WARM_UP_ROWS.length]!;
  const word = (n: number): string => WORDS[(n * 7 + step * 13) % WORDS.length]!;
  const items = Array.from({ length: rows }, (_, i) => ({
    name: `${word(i)} ${word(i + 3)}`,
    detail: `${word(i + 1)} ${word(i + 5)} ${word(i + 11)}, ${word(i + 17)} ${(step * 31 + i * 17) % 1000}`,
    quantity: 1 + ((i + step) % 12),
    unit: UNITS[(i + step) % UNITS.length]!,
    price: Math.round(((i * 37 + step * 11) % 2000) * 1.25) / 10,
  }));
  const date = (month: number, day: number): string => `2026-${String(1 + (month % 12)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`;
  const order = {
    number: `W-${String(1000 + step)}`, date: date(step, step), due: date(step + 1, step + 3), status: step % 2 === 0 ? 'open' : 'paid',
    // every other step without a reference: the `default` helper's other branch
    ...(step % 2 === 0 ? { reference: `PO-${word(step)}-${String(step * 7)}` } : {}),
    project: `${word(step + 2)} ${word(step + 9)}, phase ${String(1 + (step % 4))}`,
  };
  const { locale, currency } = LOCALES[step % LOCALES.length]!;
  const remark = step % 3 === 2 ? '' : `${word(step + 4)} ${word(step + 8)} ${word(step + 15)}.`;
  const template = stepTemplate(Math.floor(step / 2));
  return { template, data: { ...DATA, order, items, locale, currency, remark, vatRate: VAT_RATES[step % VAT_RATES.length]! }, templateName: 'warm-up' };
}
