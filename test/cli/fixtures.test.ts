/**
 * The fixtures are the project's showcase (gallery, bench): they must render without warnings
 * into valid PDFs that carry the payload's values, on the expected number of pages.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import type { RenderResult } from '../../src/api.js';
import { pdfPages, pdfText, qpdfCheck } from './io.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url);
let dir: string;

interface Invoice {
  seller: { name: string; vatNumber: string };
  customer: { name: string; address: string[] };
  invoice: { number: string };
  items: { description: string }[];
  payment: { iban: string };
}

interface Report {
  title: string;
  chapters: { title: string; sections: { heading: string }[] }[];
}

async function renderFixture(name: string): Promise<{ result: RenderResult; path: string; data: unknown }> {
  const folder = new URL(`${name}/`, FIXTURES);
  const data: unknown = JSON.parse(readFileSync(new URL('data.json', folder), 'utf8'));
  const result = await createEngine().renderDetailed({
    template: readFileSync(new URL('template.html', folder), 'utf8'),
    data,
    baseDir: fileURLToPath(folder),
    templateName: `fixtures/${name}/template.html`,
    deterministic: true,
  });
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, result.pdf);
  return { result, path, data };
}

/** pdftotext output with runs of white space collapsed, so layout columns do not matter. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-fixtures-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('invoice fixture', () => {
  it('renders one valid page with every line item and the computed totals', async () => {
    const { result, path, data } = await renderFixture('invoice');
    const invoice = data as Invoice;
    expect(result.diagnostics).toEqual([]);
    expect(result.pages).toBe(1);
    expect(qpdfCheck(path).ok).toBe(true);
    expect(pdfPages(path)).toBe(1);
    const text = flat(pdfText(path));
    for (const value of [invoice.seller.name, invoice.customer.name, invoice.invoice.number, invoice.payment.iban, ...invoice.customer.address]) {
      expect(text).toContain(value);
    }
    for (const item of invoice.items) expect(text).toContain(item.description);
    expect(text).toContain('5 March 2024');
    expect(text).toContain('€36,009.87'); // subtotal
    expect(text).toContain('€8,282.27'); // VAT 23%
    expect(text).toContain('€44,292.14'); // total
    expect(text).toContain('€1,377.50'); // 14.5 h x €95
  });
});

describe('report fixture', () => {
  it('renders 3 to 5 pages, each chapter starting a new page', async () => {
    const { result, path, data } = await renderFixture('report');
    const report = data as Report;
    expect(result.diagnostics).toEqual([]);
    expect(result.pages).toBeGreaterThanOrEqual(3);
    expect(result.pages).toBeLessThanOrEqual(5);
    expect(qpdfCheck(path).ok).toBe(true);
    expect(pdfPages(path)).toBe(result.pages);
    const first = flat(pdfText(path, { first: 1, last: 1 }));
    expect(first).toContain(report.title);
    expect(first).toContain('41,800,000');
    const later = Array.from({ length: result.pages - 1 }, (_, page) => flat(pdfText(path, { first: page + 2, last: page + 2 })));
    const all = flat(pdfText(path));
    report.chapters.forEach((chapter, index) => {
      // break-before: page puts each chapter's first line at the top of a page
      const heading = new RegExp(`^\\s*chapter ${index + 1} of ${report.chapters.length}\\b`, 'i'); // text-transform: uppercase
      const page = later.find((text) => heading.test(text));
      expect(page, `chapter ${index + 1} starts a page`).toBeDefined();
      expect(page).toContain(chapter.title);
      for (const section of chapter.sections) expect(all).toContain(section.heading);
    });
  });
});
