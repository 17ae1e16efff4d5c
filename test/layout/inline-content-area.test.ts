/**
 * An inline box's content area (what its background and borders surround) is its first font's
 * ascent and descent rounded to whole px, above and below the baseline, as Blink's: Chromium 156's
 * getBoundingClientRect of a span and of an empty inline-block on the same baseline.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

describe('inline content area', () => {
  it('is the rounded ascent above the baseline and the rounded descent below it', async () => {
    const line = (id: string, font: string, css = ''): string =>
      `<p style="font:${font}"><span id=s${id} style="${css}">Abc</span><i id=b${id}></i></p>`;
    const doc = await layoutHtml(`<style>@page { size: 400px 400px; margin: 0 } body { margin: 0 } p { margin: 0 } i { display: inline-block; width: 1px; height: 0 }</style>
      ${line('16', "16px 'Liberation Serif'")}${line('32', "32px 'Liberation Serif'")}${line('13', "13px 'Liberation Sans'")}
      ${line('21', "21px 'Liberation Sans'")}${line('15', "15px 'DejaVu Sans'")}${line('p', "15px/30px 'DejaVu Sans'", 'padding:2px;border:1px solid')}`);
    const page = doc.pages[0]!;
    // [height, baseline - top of the border box]
    const measure = (id: string): [number, number] => {
      const span = findById(page, `s${id}`)!;
      const baseline = findById(page, `b${id}`)!;
      return [Math.round(span.height * 100) / 100, Math.round((baseline.y - span.y) * 100) / 100];
    };
    expect(['16', '32', '13', '21', '15', 'p'].map(measure)).toEqual([[17, 14], [36, 29], [15, 12], [23, 19], [18, 14], [24, 17]]);
  });
});
