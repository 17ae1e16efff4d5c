/** The PDF's text layer: what `pdftotext` reads back from whole renders. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { withPdfFile } from '../helpers/tmp.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const run = promisify(execFile);
const engine = createEngine();

async function extract(html: string): Promise<string> {
  const pdf = await engine.render({ template: html });
  await qpdfCheck(pdf);
  return withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout);
}

describe('text extraction', () => {
  it('reads letter-spaced text as words (0.05em spacing)', async () => {
    const text = await extract('<div style="font: bold 20px sans-serif; letter-spacing: 1px; text-transform: uppercase">Billed to Northwind</div>');
    expect(text.trim()).toBe('BILLED TO NORTHWIND');
  });

  it('reads text letter-spaced a tenth of an em and more as words (Chromium 156: at 0.1em and 0.25em, not 0.3em)', async () => {
    // pdftotext of Chromium's PDF: DELIVER TO, DATE DOORS SHOW VENUE, Royal Institute, L I V E N AT I O N P R E S E N T S
    const text = await extract(`<style>body { margin: 0; font-family: "Liberation Sans" } p { margin: 4px 0 }</style>
      <p style="font-size: 7pt; letter-spacing: .1em; font-weight: bold">DELIVER TO</p>
      <p style="font-size: 6pt; letter-spacing: .1em; text-transform: uppercase">Date Doors Show Venue</p>
      <p style="font-size: 12pt; letter-spacing: .25em">Royal Institute</p>
      <p style="font-size: 8pt; letter-spacing: .3em">LIVE NATION PRESENTS</p>`);
    expect(text.trim().split(/\n+/)).toEqual(['DELIVER TO', 'DATE DOORS SHOW VENUE', 'Royal Institute', 'LIVE NATION PRESENTS']);
  });

  it('keeps justified words and their order', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const text = await extract(`<p style="width: 300px; text-align: justify">${words.join(' ')}</p>`);
    expect(text.split(/\s+/).filter(Boolean)).toEqual(words);
  });
});
