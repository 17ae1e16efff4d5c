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

  it('keeps justified words and their order', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const text = await extract(`<p style="width: 300px; text-align: justify">${words.join(' ')}</p>`);
    expect(text.split(/\s+/).filter(Boolean)).toEqual(words);
  });
});
