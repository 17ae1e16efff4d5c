/**
 * MathML in the PDF, with the bundled fonts only: the italic letters of `<mi>` come from the
 * bundled Noto Sans Math when no installed font has them, the text copies as Chromium's does
 * (𝑥 = 1 2), and the fraction bar and the radical's overbar are painted in the text colour.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

async function inspect(pdf: Uint8Array): Promise<{ text: string; fonts: string }> {
  return withPdfFile(pdf, async (path) => ({
    text: (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout,
    fonts: (await run('pdffonts', [path])).stdout,
  }));
}

describe('MathML in the PDF', () => {
  test('prints the italic letters from the bundled math font, without warnings, and copies as typed', async () => {
    const pdf = await renderPdf('<p>Let <math><mi>x</mi><mo>=</mo><mfrac><mn>1</mn><mn>2</mn></mfrac></math>.</p>');
    const { text, fonts } = await inspect(pdf);
    expect(fonts).toContain('NotoSansMath');
    expect(fonts).toContain('LiberationSerif');
    expect(text.replace(/\s+/g, ' ')).toContain('𝑥 = 1');
  });

  test('paints the fraction bar across the fraction in the text colour', async () => {
    // 40px red digits: the bar is 1.95px (Liberation Serif's underline thickness) on the axis, 1px wider than the digits on each side
    const rows = await renderPage('<style>@page { size: 60px 60px; margin: 0 } body { margin: 0; font: 40px "Liberation Serif"; color: #f00 } math { display: block; text-align: left }</style><math><mfrac style="padding: 0 6px"><mn>1</mn><mn>1</mn></mfrac></math>');
    // the digits' feet are 10px wide runs; the bar is the 14px content width (a digit at 71 % of 40px)
    const barRows = rows.filter((row) => /^_*R{13,15}_*$/.test(row));
    expect(barRows.length).toBeGreaterThanOrEqual(1);
    expect(barRows.length).toBeLessThanOrEqual(3);
    expect(barRows[0]!.indexOf('R')).toBe(6);
  });

  test('draws the radical sign and its overbar over the radicand', async () => {
    const rows = await renderPage('<style>@page { size: 80px 60px; margin: 0 } body { margin: 0; font: 40px "Liberation Serif"; color: #00f }</style><math><msqrt><mn>4</mn></msqrt></math>');
    const top = rows.findIndex((row) => /B{12,}/.test(row));
    expect(top).toBeGreaterThan(0);
    // the overbar starts where the sign ends: a run of blue long enough to cover the 4 (20px)
    expect(rows[top]!.match(/B+/g)!.some((run) => run.length >= 18)).toBe(true);
  });
});
