/**
 * Text advances at the size Chromium uses a font at: the computed size in hundredths of a px
 * (Blink's font cache key), then in 64ths (FreeType, truncated by Skia). Widths measured with
 * getBoundingClientRect in Chromium 156 (Liberation Serif, 100 × "m", advance 1593/2048).
 */
import { describe, expect, it } from 'vitest';
import { platformFontSize } from '../../src/text/request.js';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';

describe('platform font size', () => {
  it('truncates to hundredths, then to 64ths of a px', () => {
    expect([16, 14, 10.5, 12.5].map(platformFontSize)).toEqual([16, 14, 10.5, 12.5]);
    expect(platformFontSize((11 * 96) / 72)).toBe(938 / 64); // 11pt: 14.6667 -> 14.66 -> 14.65625
    expect(platformFontSize(12.34567)).toBe(789 / 64); // 12.34 -> 12.328125 (790/64 without the hundredths)
    expect(platformFontSize(17.6)).toBe(1126 / 64); // 1.1em of 16px
    expect(platformFontSize(0.29)).toBe(18 / 64); // 0.29 * 100 is 28.999... in binary
  });

  it('sizes advances as Chromium does: 100 m at 11pt, 15.55px and 1.1em', async () => {
    const doc = await layoutHtml(`<style>@page { size: 2000px 400px; margin: 0 }</style><body style="font-family: 'Liberation Serif'; margin: 0">
      <span id="a" style="font-size: 11pt">${'m'.repeat(100)}</span><br><span id="b" style="font-size: 15.55px">${'m'.repeat(100)}</span><br>
      <span id="c" style="font-size: 1.1em">${'m'.repeat(100)}</span>`);
    const widths = ['a', 'b', 'c'].map((id) => findById(doc.pages[0]!, id)!.width);
    // Chromium 156: 1140.0156, 1209.2969, 1368.5000 (to 0.01: the sizes were read to 6 decimals)
    expect(widths[0]).toBeCloseTo((100 * 1593 * 938) / 64 / 2048, 6);
    expect(Math.abs(widths[0]! - 1140.0156)).toBeLessThan(0.02);
    expect(Math.abs(widths[1]! - 1209.2969)).toBeLessThan(0.02);
    expect(Math.abs(widths[2]! - 1368.5)).toBeLessThan(0.02);
  });

  it('breaks a justified 11pt line where Chromium does', async () => {
    // 413.02px at 14.6667px, 412.73px at Chromium's size: it fits the 412.8px measure
    const doc = await layoutHtml(`<body style="margin: 0"><p id="p" style="width: 412.8px; font: 11pt 'Liberation Serif'; text-align: justify">like what take when two take like then on so down your world at them did one been</p>`);
    const p = findById(doc.pages[0]!, 'p')!;
    const lines = p.kind === 'box' ? p.children.filter((child) => child.kind === 'line') : [];
    expect(lines.map((line) => textFragments(line).map((text) => text.text).join('').trim().split(/\s+/).pop())).toEqual(['them', 'been']);
  });
});
