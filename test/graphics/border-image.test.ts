/**
 * `border-image` (CSS Backgrounds 3 §6): slices, fill, widths, outset, repeat modes, image and
 * gradient sources, on tiny pages rasterized without antialiasing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';
import type { StrictRenderOptions } from '../helpers/render.js';
import { tiles } from '../../src/paint/border-image.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));

/** An SVG image of 1px cells, one letter per cell (`.` transparent). */
function cells(rows: string[]): string {
  const colors: Record<string, string> = { R: 'red', Y: 'yellow', M: 'magenta', C: 'cyan', G: 'lime', B: 'blue', K: 'black' };
  const rects = rows.flatMap((row, y) => [...row].map((ch, x) => (ch === '.' ? '' : `<rect x="${x}" y="${y}" width="1" height="1" fill="${colors[ch]}"/>`)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${rows[0]!.length}" height="${rows.length}">${rects.join('')}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

function draw(css: string, size: string, options: StrictRenderOptions = {}): Promise<string[]> {
  return renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } div { ${css} }</style><div></div>`, options);
}

const NINE = cells(['RYM', 'CBG', 'MYK']);

describe('border-image', () => {
  it('draws the corners and stretched edges of the slices, the middle only with fill', async () => {
    expect(await draw(`width: 4px; height: 2px; border: 2px solid black; border-image: ${NINE} 1`, '8px 6px')).toEqual([
      'RRYYYYMM', 'RRYYYYMM', 'CC____GG', 'CC____GG', 'MMYYYYKK', 'MMYYYYKK',
    ]);
    expect(await draw(`width: 4px; height: 2px; border: 2px solid black; border-image-source: ${NINE}; border-image-slice: 33.3333% fill`, '8px 6px')).toEqual([
      'RRYYYYMM', 'RRYYYYMM', 'CCBBBBGG', 'CCBBBBGG', 'MMYYYYKK', 'MMYYYYKK',
    ]);
  });

  it('takes border-image-width and -outset (numbers are multiples of the border width)', async () => {
    // border box 4×2 at (1, 1), grown by 1px: widths of 2 × 1px meet in the middle vertically
    expect(await draw(`margin: 1px; width: 2px; height: 0; border: 1px solid black; border-image: ${NINE} 1 / 2 / 1px`, '6px 4px')).toEqual([
      'RRYYMM', 'RRYYMM', 'MMYYKK', 'MMYYKK',
    ]);
  });

  it('repeats edge tiles centred on the edge', async () => {
    // a 5×3 image: the top edge's slice is Y B Y, 3px wide at a 1px border
    const image = cells(['RYBYM', 'C...G', 'MYBYK']);
    expect(await draw(`width: 7px; height: 1px; border: 1px solid black; border-image: ${image} 1 repeat stretch`, '9px 3px')).toEqual([
      'RBYYBYYBM', 'C_______G', 'MBYYBYYBK',
    ]);
  });

  it('slices a gradient sized to the border image area', async () => {
    expect(await draw('width: 2px; height: 2px; border: 1px solid black; border-image: linear-gradient(to right, red 50%, blue 50%) 1', '4px 4px')).toEqual([
      'RRBB', 'R__B', 'R__B', 'RRBB',
    ]);
  });

  it('slices an SVG with no natural size at its size in the border image area: a viewBox alone contained, as Chromium', async () => {
    // a 4 × 2 viewBox, blue then red, in an 8 × 6 area: 8 × 4, its 2px slices the top and bottom
    // bands and nothing between them, as Chromium 156 prints it (10 times larger); before, cut at
    // its 4 × 2 viewBox, its slices filled the whole frame
    const halves = (attributes: string): string => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="2" height="2" fill="blue"/><rect x="2" width="2" height="2" fill="red"/></svg>`)}")`;
    expect(await draw(`width: 4px; height: 2px; border: 2px solid black; border-image: ${halves('viewBox="0 0 4 2"')} 2 fill`, '8px 6px')).toEqual([
      'BBBBRRRR', 'BBBBRRRR', '________', '________', 'BBBBRRRR', 'BBBBRRRR',
    ]);
  });

  it('draws the borders when the source is none or fails to load', async () => {
    const missing = { baseDir: IMAGES, expectDiagnostics: [{ code: 'resource', message: /^image not loaded: cannot read .*missing\.png/ }] } as const;
    expect(await draw('width: 1px; height: 1px; border: 1px solid blue; border-image: url(missing.png) 1', '3px 3px', missing)).toEqual(['BBB', 'B_B', 'BBB']);
    expect(await draw('width: 1px; height: 1px; border: 1px solid blue; border-image: none', '3px 3px')).toEqual(['BBB', 'B_B', 'BBB']);
  });
});

describe('border-image tiling', () => {
  it('stretches, rounds, spaces and repeats (centred)', () => {
    expect(tiles('stretch', 3, 7)).toEqual({ starts: [0], size: 7 });
    expect(tiles('round', 5, 8)).toEqual({ starts: [0, 4], size: 4 });
    expect(tiles('space', 4, 11)).toEqual({ starts: [1, 6], size: 4 });
    expect(tiles('space', 4, 3)).toEqual({ starts: [], size: 4 });
    expect(tiles('repeat', 3, 7)).toEqual({ starts: [-1, 2, 5], size: 3 });
  });
});
