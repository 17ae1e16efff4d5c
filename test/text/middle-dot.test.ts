/**
 * The bundled Liberation 2.x fonts' middle dot made as wide as Arial's and Times New Roman's
 * (text/middle-dot.ts). Expected boxes are Chromium 156's for the same page (getBoundingClientRect)
 * with Debian's fonts-liberation (1.07.4); the outline is Liberation Sans 1.07.4's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledFamilies } from '../../src/text/bundled.js';
import { withArialMiddleDot } from '../../src/text/middle-dot.js';
import { geometry } from '../helpers/geometry.js';

describe('the middle dot', () => {
  it('is as wide as in Arial and Times New Roman, in every face', async () => {
    const faces = ['', 'font-weight: bold', 'font-style: italic', 'font-style: italic; font-weight: bold'];
    const spans = [...faces.map((face) => `font-family: Arial; ${face}`), ...faces.slice(0, 3).map((face) => `font-family: 'Times New Roman'; ${face}`)]
      .map((style, i) => `<span id=s${i} style="${style}">a · b</span><br>`).join('');
    const boxes = await geometry(spans, ['s0', 's1', 's2', 's3', 's4', 's5', 's6'], 'body { font-size: 20px } span { white-space: pre }');
    const widths = boxes.map((line) => Number(line.split(' ')[2]!.split('x')[0]));
    expect(widths).toEqual([38.92, 40.02, 38.92, 40.02, 33.89, 36.12, 35].map((w) => expect.closeTo(w, 1)));
  });

  it('stands where Liberation Sans 1.x draws it: its composite of the period moved with the advance', () => {
    const sans = [...bundledFamilies()].find(([name]) => name.toLowerCase() === 'liberation sans')![1].find((face) => face.weight[0] === 400 && face.style === 'normal')!;
    const glyph = sans.program().glyphForCodePoint(0xb7);
    expect(glyph.advanceWidth).toBe(569);
    expect([glyph.bbox.minX, glyph.bbox.maxX]).toEqual([187, 382]);
  });

  it('leaves other files, and a file with no middle dot, as they are', () => {
    const mono = readFileSync(new URL('../../fonts/liberation/LiberationMono-Regular.ttf', import.meta.url));
    expect(withArialMiddleDot('liberation/LiberationMono-Regular.ttf', mono)).toBe(mono);
    const truncated = new Uint8Array(64);
    expect(withArialMiddleDot('liberation/LiberationSans-Regular.ttf', truncated)).toBe(truncated);
  });
});
