/**
 * The bundled Liberation Sans 2.x fonts without their "11" kerning (text/digit-one-kern.ts).
 * Expected widths are Chromium 156's (getBoundingClientRect) with Debian's fonts-liberation
 * (1.07.4), which kerns no pair of digits in Sans and "11" in Serif.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withoutKernedOnes } from '../../src/text/digit-one-kern.js';
import { geometry } from '../helpers/geometry.js';

describe('the pair "11" in Liberation Sans', () => {
  it('is not kerned, in a date, an amount, a word and every face; Liberation Serif keeps its kerning', async () => {
    const faces = ['font-family: Arial', 'font-family: Arial', 'font-family: Arial', 'font-family: Arial; font-weight: bold', 'font-family: Arial; font-style: italic',
      'font-family: Arial; font-style: italic; font-weight: bold', "font-family: 'Times New Roman'", 'font-family: Arial'];
    const texts = ['11/22/2026', '$1,110.11', 'Nov11', '11', '11', '11', '11', 'AV 1.'];
    const spans = faces.map((style, i) => `<span id=s${i} style="${style}">${texts[i]}</span><br>`).join('');
    const ids = faces.map((_, i) => `s${i}`);
    const boxes = await geometry(spans, ids, 'body { font-size: 20px } span { white-space: pre }');
    const widths = boxes.map((line) => Number(line.split(' ')[2]!.split('x')[0]));
    // before: 98.61, 86.01, 56.33, 21.14 … — 0.074em (bold 0.055em) narrower per pair
    expect(widths).toEqual([100.11, 88.98, 57.81, 22.25, 22.25, 22.25, 19.27, 47.44].map((w) => expect.closeTo(w, 1)));
  });

  it('leaves other files as they are', () => {
    const serif = readFileSync(new URL('../../fonts/liberation/LiberationSerif-Regular.ttf', import.meta.url));
    expect(withoutKernedOnes('liberation/LiberationSerif-Regular.ttf', serif)).toBe(serif);
    const truncated = new Uint8Array(64);
    expect(withoutKernedOnes('liberation/LiberationSans-Regular.ttf', truncated)).toBe(truncated);
  });
});
