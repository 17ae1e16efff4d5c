/**
 * SVG `<text>`/`<tspan>` drawn with octavo's fonts (the block-glyph test font `wp`: each glyph a
 * square 0.8 em above and 0.2 em below the baseline) and SVG `<image>` (data: URLs, files
 * relative to the template, nested SVG), on tiny pages rasterized without antialiasing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

function draw(body: string, size = '10px 5px', expectDiagnostics: readonly ExpectedDiagnostic[] = []): Promise<string[]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style>${body}`;
  return renderPage(template, { baseDir: FONTS, expectDiagnostics });
}

const svg = (body: string, attrs = 'width="10" height="5"'): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;

describe('SVG text', () => {
  it('draws text on its baseline with the fill colour', async () => {
    expect(await draw(svg('<text x="1" y="4" font-family="wp" font-size="5" fill="red">AB</text>'))).toEqual([
      '_RRRRRRRRR', '_RRRRRRRRR', '_RRRRRRRRR', '_RRRRRRRRR', '_RRRRRRRRR',
    ]);
  });

  it('styles tspans and moves them with dx/dy, collapsing white space', async () => {
    // "A B": A at 0-5, the collapsed space 5-10, B moved 5 right and 5 down
    expect(await draw(svg('<text x="0" y="4" font-family="wp" font-size="5" fill="red">\n  A  <tspan fill="blue" dx="5" dy="5">B</tspan></text>', 'width="20" height="10"'), '20px 10px')).toEqual([
      'RRRRR_______________', 'RRRRR_______________', 'RRRRR_______________', 'RRRRR_______________', 'RRRRR_______________',
      '_______________BBBBB', '_______________BBBBB', '_______________BBBBB', '_______________BBBBB', '_______________BBBBB',
    ]);
  });

  it('sets a tspan on the baseline its alignment-baseline names (Mermaid\'s Gantt section titles)', async () => {
    // wp's glyph spans 0.8 em above and 0.2 em below the baseline: central is 0.3 em below the alphabetic one
    const text = (attrs: string): string => svg(`<text x="0" y="5" font-family="wp" font-size="10" fill="red"><tspan ${attrs}>A</tspan></text>`, 'width="10" height="10"');
    expect(await draw(text('alignment-baseline="central"'), '10px 10px')).toEqual(Array<string>(10).fill('RRRRRRRRRR'));
    expect(await draw(text(''), '10px 10px')).toEqual([...Array<string>(7).fill('RRRRRRRRRR'), ...Array<string>(3).fill('__________')]);
  });

  it('shifts a tspan by its baseline-shift: super and sub by half its font\'s height, lengths and percentages of its size up, nested ones adding up', async () => {
    // wp at 10px: ascent 8 and descent 2, so super and sub move 5px; each baseline lands at y = 9,
    // the glyph filling rows 1-10 (octavo ignored baseline-shift: Chromium raises a chart's "k€")
    const text = (y: number, spans: string): string => svg(`<text x="0" y="${y}" font-family="wp" font-size="10" fill="red">${spans}</text>`, 'width="10" height="20"');
    const expected = ['__________', ...Array<string>(10).fill('RRRRRRRRRR'), ...Array<string>(9).fill('__________')];
    for (const drawn of [
      text(14, '<tspan baseline-shift="super">A</tspan>'), text(4, '<tspan baseline-shift="sub">A</tspan>'), text(6, '<tspan baseline-shift="-3">A</tspan>'),
      text(14, '<tspan baseline-shift="2"><tspan style="baseline-shift: 30%">A</tspan></tspan>'),
    ]) expect(await draw(drawn, '10px 20px')).toEqual(expected);
  });

  it('aligns chunks with text-anchor middle and end', async () => {
    expect(await draw(svg('<g font-family="wp" font-size="5"><text x="9.5" y="4" text-anchor="middle" fill="red">A</text><text x="20" y="9" text-anchor="end" fill="blue">A</text></g>', 'width="20" height="10"'), '20px 10px')).toEqual([
      ...Array<string>(5).fill('_______RRRRR________'), ...Array<string>(5).fill('_______________BBBBB'),
    ]);
  });

  it('aligns a chunk with the spaces at its end: white space is collapsed over the whole text, only its end trimmed', async () => {
    // Chromium 156 (getStartPositionOfChar): "A " ends at x = 10, so A starts at 0, B at 5; in the
    // second, "A " is centred on 10 (A at 5) and " B" after the zero-width space too (B at 10), as
    // Highcharts wraps a title; octavo left the space out of the first chunk (A at 5, then 7.5)
    const text = (anchor: string, spans: string): string => svg(`<text x="10" y="4" text-anchor="${anchor}" font-family="wp" font-size="5" fill="red">${spans}</text>`, 'width="20" height="10"');
    expect(await draw(text('end', '<tspan>A </tspan><tspan x="10" dy="5">B</tspan>'), '20px 10px')).toEqual([
      ...Array<string>(5).fill('RRRRR_______________'), ...Array<string>(5).fill('_____RRRRR__________'),
    ]);
    expect(await draw(text('middle', '<tspan>A  </tspan><tspan x="10" dy="5">&#8203;</tspan><tspan> B </tspan>'), '20px 10px')).toEqual([
      ...Array<string>(5).fill('_____RRRRR__________'), ...Array<string>(5).fill('__________RRRRR_____'),
    ]);
  });

  it('places each character at its own x from a list', async () => {
    expect(await draw(svg('<text x="0 7 15" y="4" font-family="wp" font-size="5" fill="blue">ABC</text>', 'width="20" height="5"'), '20px 5px')).toEqual(
      Array<string>(5).fill('BBBBB__BBBBB___BBBBB'),
    );
  });

  it('strokes text outlines without filling them', async () => {
    const rows = await draw(svg('<text x="1" y="4" font-family="wp" font-size="5" fill="none" stroke="blue" stroke-width="1">A</text>'));
    expect(rows[2]).toMatch(/^B+_+B+/);
  });
});

const RED_2X2 = pngDataUrl(pixelRows(2, 2, () => [255, 0, 0, 255]));

describe('SVG vertical text', () => {
  // wp's square glyphs (0.8 em above the baseline, 0.2 below): on the central baseline a 5px glyph
  // spans 2.5px each side of the line; Chromium 156 sets them within 1.5px of these places
  const column = (rows: number, from: number, cells: string, height: number): string[] => Array.from({ length: height }, (_, y) => (y >= from && y < from + rows ? cells : '__________'));

  it('runs down from y on a line through x, the glyphs turned sideways (writing-mode tb, vertical-rl)', async () => {
    expect(await draw(svg('<text x="4.5" y="0" writing-mode="tb" font-family="wp" font-size="5" fill="red">AB</text>', 'width="10" height="10"'), '10px 10px'))
      .toEqual(column(10, 0, '__RRRRR___', 10));
    // text-anchor along the line: the middle of "AB" at y = 10
    expect(await draw(svg('<text x="4.5" y="10" style="writing-mode: vertical-rl" text-anchor="middle" font-family="wp" font-size="5" fill="red">AB</text>', 'width="10" height="20"'), '10px 20px'))
      .toEqual(column(10, 5, '__RRRRR___', 20));
  });

  it('moves along the line by dy and across it by dx', async () => {
    expect(await draw(svg('<text x="2.5" y="0" writing-mode="tb" font-family="wp" font-size="5" fill="red">A<tspan dx="5" dy="5" fill="blue">B</tspan></text>', 'width="10" height="20"'), '10px 20px'))
      .toEqual([...column(5, 0, 'RRRRR_____', 5), ...Array<string>(5).fill('__________'), ...column(5, 0, '_____BBBBB', 5), ...Array<string>(5).fill('__________')]);
  });

  it('sets glyphs upright by text-orientation, one under the other by their vertical advance', async () => {
    expect(await draw(svg('<text x="4.5" y="0" writing-mode="tb" style="text-orientation: upright" font-family="wp" font-size="5" fill="red">A<tspan fill="blue">B</tspan></text>', 'width="10" height="10"'), '10px 10px'))
      .toEqual([...column(5, 0, '__RRRRR___', 5), ...column(5, 0, '__BBBBB___', 5)]);
  });
});

describe('SVG image', () => {
  it('draws a raster data: URL image into its viewport', async () => {
    expect(await draw(svg(`<image href="${RED_2X2}" x="2" y="1" width="4" height="2"/>`))).toEqual([
      '__________', '___RR_____', '___RR_____', '__________', '__________',
    ]);
  });

  it('fits the image per preserveAspectRatio (meet centres it, none stretches)', async () => {
    expect(await draw(svg(`<image href="${RED_2X2}" width="6" height="2"/><image href="${RED_2X2}" y="3" width="10" height="2" preserveAspectRatio="none"/>`))).toEqual([
      '__RR______', '__RR______', '__________', 'RRRRRRRRRR', 'RRRRRRRRRR',
    ]);
  });

  it('sizes an image without width/height from its intrinsic size', async () => {
    expect(await draw(svg(`<image xlink:href="${RED_2X2}" xmlns:xlink="http://www.w3.org/1999/xlink" x="8" y="3"/>`))).toEqual([
      '__________', '__________', '__________', '________RR', '________RR',
    ]);
  });

  it('draws a nested SVG image as vectors', async () => {
    const inner = `data:image/svg+xml,${encodeURIComponent(svg('<rect width="2" height="1" fill="blue"/>', 'viewBox="0 0 2 1"'))}`;
    expect(await draw(svg(`<image href="${inner}" width="4" height="2" x="1" y="1"/>`))).toEqual([
      '__________', '_BBBB_____', '_BBBB_____', '__________', '__________',
    ]);
  });

  it('reads relative files through the sandbox and ignores external references', async () => {
    const rows = await draw(svg('<image href="weasyprint.woff" width="4" height="2"/><image href="https://example.com/a.png" width="4" height="2"/>'), '10px 5px', [
      { code: 'resource', message: 'SVG <image> https://example.com/a.png ignored: an SVG image may only show data: URLs and files relative to it' },
      { code: 'resource', message: 'weasyprint.woff skipped' },
    ]);
    expect(rows.every((row) => row === '__________')).toBe(true);
  });
});
