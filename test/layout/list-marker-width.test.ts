import { describe, expect, it } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';

// Where the text after an inside symbol marker starts, measured in Chromium 156's print
// (pdftotext -bbox): 1em + b + 1 px, b = ⌊(⌊2A/3⌋ + 1)/2⌋ for the rounded ascent A.
const cases = [
  { font: "10px 'Liberation Sans'", type: 'disc', x: 14 },
  { font: "14px 'Liberation Serif'", type: 'square', x: 19 },
  { font: "16px 'Liberation Sans'", type: 'disc', x: 22 },
  { font: "20px 'DejaVu Sans'", type: 'circle', x: 27 },
  { font: "32px 'Liberation Sans'", type: 'disc', x: 43 },
];

async function textStart(font: string, css: string): Promise<number> {
  const doc = await layoutHtml(`<style>@page { size: 600px 300px; margin: 0 } body { margin: 0 }
    ul { margin: 0; padding: 0; font: ${font}; ${css} }</style><ul><li id=li>Xy</li></ul>`);
  expect(doc.diagnostics).toEqual([]);
  const li = findById(doc.pages[0]!, 'li');
  if (li === undefined) throw new Error('no #li');
  const text = textFragments(li).find((fragment) => fragment.text === 'Xy');
  if (text === undefined) throw new Error('no item text');
  return text.x;
}

describe('inside list markers take Chromium\'s width (CSS Lists 3 §3.1)', () => {
  it.each(cases)('$type at $font: the text starts at $x px', async ({ font, type, x }) => {
    expect(await textStart(font, `list-style: ${type} inside`)).toBeCloseTo(x, 3);
  });

  it('leaves a decimal marker its text width', async () => {
    const decimal = await textStart("16px 'Liberation Mono'", 'list-style: decimal inside');
    // "1. " in Liberation Mono: three 0.6em advances.
    expect(decimal).toBeCloseTo(3 * 0.6 * 16, 1);
  });
});
