/**
 * The gallery templates (fixtures/<name>/): each renders into a valid PDF on the expected pages,
 * carries its payload's values, and gives exactly the layout-mode warnings pinned in
 * gallery-expected.ts (tables and flexbox are not laid out yet).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { pdfText, qpdfCheck } from './io.js';
import { GALLERY_WARNINGS } from './gallery-expected.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const engine = createEngine();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-gallery-templates-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** fixture -> pages it takes today, and text the document must show. */
const EXPECTED: Readonly<Record<string, { pages: number; text: readonly string[] }>> = {
  receipt: { pages: 1, text: ['CAFÉ LUMIÈRE', '18/05/2024 09:42', 'Croissant', '3,20 €', 'dont TVA 10 %', '1,86 €', 'TOTAL', '20,50 €', 'Merci et à bientôt !'] },
  quote: { pages: 1, text: ['Angebot', 'A-2024-0117', '3. Juni 2024', 'Mittwoch, 3. Juli 2024', '10.560,00 €', 'USt. 19 %', '18.283,16 €'] },
  'sales-report': { pages: 3, text: ['Half-year sales report', 'July 8, 2024', 'Revenue by region', 'January 2024', 'Page 1 of 3'] },
  certificate: { pages: 1, text: ['Certificate of Completion', 'Amara Okafor', '94%', '21 June 2024', 'Dr. Helen Marsh'] },
  'shipping-label': { pages: 1, text: ['GROUND', '7.3 lb', '9/12/24', 'JORDAN ELLIS', '80302', '1Z 999 AA1 01 2345 6784', 'SO-55120 · PO 7781'] },
  ticket: { pages: 1, text: ['The Midnight Orchestra', 'Fri 8 Nov 2024', '18:45', '£48.50', 'Seat 14'] },
  letter: { pages: 1, text: ['Hartley & Finch Solicitors', 'Bristol, 14 October 2024', 'Dear Mr Whitaker,', 'Yours sincerely,', 'Enclosures: Heads of terms (draft), Schedule of condition'] },
  payslip: { pages: 1, text: ['Payslip', '27 September 2024', '£3,372.30', '£874.31', '£2,497.99', '2024/25'] },
  contract: { pages: 4, text: ['SERVICES AGREEMENT', 'dated 1 October 2024', 'Whitaker Joinery Ltd', '1. Definitions', 'Page 1 of 4', 'HF/2024/0381'] },
  newsletter: { pages: 2, text: ['The Riverside Gazette', 'ISSUE 42 · 4 NOVEMBER 2024', 'Footbridge reopens', 'Winter fair:', 'The Riverside Gazette · 2 of 2', 'Dates for your diary'] },
};

describe('gallery templates', () => {
  it('covers every fixture folder in the pinned warnings', () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    expect(Object.keys(GALLERY_WARNINGS).sort()).toEqual(folders);
  });

  it.each(Object.entries(EXPECTED))('%s renders with exactly its pinned warnings', async (name, expected) => {
    const folder = join(FIXTURES, name);
    const result = await engine.renderDetailed({
      template: readFileSync(join(folder, 'template.html'), 'utf8'),
      data: JSON.parse(readFileSync(join(folder, 'data.json'), 'utf8')) as unknown,
      baseDir: folder, templateName: `fixtures/${name}/template.html`, deterministic: true,
    });
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual((GALLERY_WARNINGS[name] ?? []).map((m) => `css_unsupported: ${m}`));
    expect(result.pages).toBe(expected.pages);
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, result.pdf);
    expect(qpdfCheck(path).ok).toBe(true);
    // pdftotext infers spaces from the gaps between glyphs: in letter-spaced text (the label's
    // tracking number) it may see one between any two letters, so spaces are not compared
    const text = pdfText(path).replace(/\s+/g, '');
    for (const snippet of expected.text) expect(text).toContain(snippet.replace(/\s+/g, ''));
  });
});
