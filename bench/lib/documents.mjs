// The benchmark's documents: gallery fixtures and generated ones (long table, long text, a batch
// of different invoices), each a render request for octavo's library API.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = new URL('../../', import.meta.url);

export function fixture(name, templateFile = new URL(`fixtures/${name}/template.html`, ROOT)) {
  const folder = new URL(`fixtures/${name}/`, ROOT);
  return {
    template: readFileSync(templateFile, 'utf8'),
    data: JSON.parse(readFileSync(new URL('data.json', folder), 'utf8')),
    baseDir: fileURLToPath(folder),
    templateName: `fixtures/${name}/template.html`,
    deterministic: true,
  };
}

/** The invoice as it was before flexbox: inline-block columns (issue: flex must cost no more). */
export function invoiceWithoutFlex() {
  return fixture('invoice', new URL('bench/documents/invoice-inline-block.html', ROOT));
}

const STATEMENT = `<style>
  @page { size: A4; margin: 15mm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt "Liberation Sans" } }
  body { font: 10pt "Liberation Sans"; margin: 0 }
  table { width: 100%; border-collapse: collapse }
  th, td { border-bottom: 0.5pt solid #999; padding: 4pt; text-align: left }
  td.n, th.n { text-align: right }
</style>
<h1>Statement</h1>
<table><thead><tr><th>Date</th><th>Reference</th><th>Description</th><th class=n>Amount</th></tr></thead>
<tbody>{{#each rows}}<tr><td>{{date}}</td><td>{{ref}}</td><td>{{text}}</td><td class=n>{{amount}}</td></tr>{{/each}}</tbody></table>`;

/** A statement: one table of `count` rows, the header repeated on every page, collapsed borders. */
export function longTable(count) {
  const rows = Array.from({ length: count }, (_, i) => ({
    date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    ref: `TX-${100000 + i}`,
    text: `Payment ${i % 7 === 0 ? 'received from customer account' : 'card'} ${i}`,
    amount: ((i * 37) % 10000 / 100).toFixed(2),
  }));
  return { template: STATEMENT, data: { rows }, deterministic: true };
}

const WORDS = ('the report covers revenue margins customers regions quarterly results forecast growth risk '
  + 'operations supply logistics market share pricing product roadmap hiring retention cash flow capital '
  + 'expenditure compliance audit sustainability emissions energy suppliers contracts partners').split(' ');

const TEXT = `<style>
  @page { size: A4; margin: 20mm; @bottom-center { content: counter(page); font: 8pt "Liberation Serif" } }
  body { font: 10.5pt/1.45 "Liberation Serif"; margin: 0; text-align: justify; hyphens: auto }
  h2 { font: bold 13pt "Liberation Sans"; margin: 14pt 0 6pt }
  p { margin: 0 0 6pt }
</style>
<body lang="en">{{#each sections}}<h2>{{title}}</h2>{{#each paragraphs}}<p>{{this}}</p>{{/each}}{{/each}}</body>`;

/** Running text of about `pages` A4 pages: headings and justified, hyphenated paragraphs, each different. */
export function longText(pages) {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const sentence = () => {
    const words = Array.from({ length: 8 + (next() % 14) }, () => WORDS[next() % WORDS.length]);
    words[0] = words[0][0].toUpperCase() + words[0].slice(1);
    return `${words.join(' ')} ${next() % 1000}.`;
  };
  // a section (heading and five paragraphs) fills about 0.7 of a page: 1,000 pages stay under the default maxPages
  const sections = Array.from({ length: Math.round(pages * 1.42) }, (_, s) => ({
    title: `${s + 1}. ${WORDS[s % WORDS.length]} and ${WORDS[(s * 7) % WORDS.length]}`,
    paragraphs: Array.from({ length: 5 }, () => Array.from({ length: 5 }, sentence).join(' ')),
  }));
  return { template: TEXT, data: { sections }, deterministic: true };
}

/** `count` different invoices: other customers, 3 to 24 line items each. */
export function invoiceBatch(count) {
  const base = fixture('invoice');
  return Array.from({ length: count }, (_, n) => {
    const items = Array.from({ length: 3 + ((n * 7) % 22) }, (_, i) => {
      const item = base.data.items[(i + n) % base.data.items.length];
      return { ...item, quantity: 1 + ((i * 3 + n) % 9), unitPrice: Math.round(item.unitPrice * (0.8 + ((n + i) % 5) / 10) * 100) / 100 };
    });
    return {
      ...base,
      data: {
        ...base.data,
        invoice: { ...base.data.invoice, number: `HS-2026-${String(1000 + n)}` },
        customer: { ...base.data.customer, name: `Customer ${n} ${WORDS[n % WORDS.length]} GmbH`, reference: `PO-${5000 + n}` },
        items,
      },
    };
  });
}
