/**
 * Disc, circle, square and disclosure list markers drawn as Chromium draws them (shapes, not the
 * font's glyphs). Every expected box is the ink box Chromium 156 prints for the same list
 * (/work/notes/s29/marker: pdftoppm at 8 px per CSS px): the item's content edge at x = 100, its
 * first line 40 px tall from y = 20.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { pathBounds } from '../../src/paint/svg-geometry.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Ink {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

function list(font: string, type: string, css = ''): string {
  return `<style>@page { size: 300px 80px; margin: 0 } body { margin: 0 }
    ul { margin: 0; padding: 20px 100px 0; font: ${font}; list-style-type: ${type}; ${css} }
    li { line-height: 40px; color: blue }</style><ul><li>Xy</li></ul>`;
}

/** The ink box of the page's one shape: a filled path's bounds, a stroked path's grown by half its width. */
function ink(items: readonly DisplayItem[]): Ink & { readonly kind: string } {
  const shapes = items.filter((item) => item.kind === 'fill-path' || item.kind === 'stroke-path' || item.kind === 'fill-rect');
  expect(shapes).toHaveLength(1);
  const shape = shapes[0]!;
  if (shape.kind === 'fill-rect') return { kind: shape.kind, x0: shape.rect.x, x1: shape.rect.x + shape.rect.width, y0: shape.rect.y, y1: shape.rect.y + shape.rect.height };
  if (shape.kind !== 'fill-path' && shape.kind !== 'stroke-path') throw new Error('not a shape');
  const bounds = pathBounds(shape.path);
  const grow = shape.kind === 'stroke-path' ? shape.width / 2 : 0;
  return { kind: shape.kind, x0: bounds.x - grow, x1: bounds.x + bounds.width + grow, y0: bounds.y - grow, y1: bounds.y + bounds.height + grow };
}

async function markerInk(html: string): Promise<Ink & { readonly kind: string; readonly items: readonly DisplayItem[] }> {
  const doc = await layoutInFrames(html);
  expect(doc.diagnostics).toEqual([]);
  const items = paintPage(doc.pages[0]!).items;
  return { ...ink(items), items };
}

function expectInk(actual: Ink, expected: Ink, digits = 3): void {
  expect(actual.x0).toBeCloseTo(expected.x0, digits);
  expect(actual.x1).toBeCloseTo(expected.x1, digits);
  expect(actual.y0).toBeCloseTo(expected.y0, digits);
  expect(actual.y1).toBeCloseTo(expected.y1, digits);
}

describe('outside symbol markers: Chromium\'s shapes, size and place', () => {
  const cases = [
    { font: "10px 'Liberation Sans'", type: 'disc', kind: 'fill-path', box: { x0: 87, x1: 90, y0: 38, y1: 41 } },
    { font: "20px 'Liberation Sans'", type: 'circle', kind: 'stroke-path', box: { x0: 80.5, x1: 87.5, y0: 37.5, y1: 44.5 } },
    { font: "32px 'Liberation Sans'", type: 'square', kind: 'fill-rect', box: { x0: 74, x1: 84, y0: 37, y1: 47 } },
    { font: "24px 'Liberation Serif'", type: 'disc', kind: 'fill-path', box: { x0: 79, x1: 86, y0: 37, y1: 44 } },
    { font: "16px 'Liberation Serif'", type: 'square', kind: 'fill-rect', box: { x0: 84, x1: 89, y0: 38, y1: 43 } },
    { font: "32px 'DejaVu Sans'", type: 'circle', kind: 'stroke-path', box: { x0: 72.5, x1: 83.5, y0: 35.5, y1: 46.5 } },
    { font: "20px 'DejaVu Sans'", type: 'disc', kind: 'fill-path', box: { x0: 81, x1: 87, y0: 38, y1: 44 } },
  ];

  it.each(cases)('$type at $font', async ({ font, type, kind, box }) => {
    const shape = await markerInk(list(font, type));
    expect(shape.kind).toBe(kind);
    expectInk(shape, box);
  });

  it('stand as far after a right-to-left item\'s content', async () => {
    // Content ends at x = 200: the marker box starts ⌊2A/3⌋ + 8 px after it and the disc 1 px into the box.
    expectInk(await markerInk(list("10px 'Liberation Sans'", 'disc', 'direction: rtl')), { x0: 210, x1: 213, y0: 38, y1: 41 });
    expectInk(await markerInk(list("32px 'Liberation Sans'", 'disc', 'direction: rtl')), { x0: 216, x1: 226, y0: 37, y1: 47 });
  });

  it('take the ::marker font size, not the item\'s', async () => {
    expectInk(await markerInk(`${list("20px 'Liberation Sans'", 'disc')}<style>li::marker { font-size: 10px }</style>`), { x0: 87, x1: 90, y0: 42, y1: 45 });
  });

  it('are drawn in the ::marker colour', async () => {
    const { items } = await markerInk(`${list("10px 'Liberation Sans'", 'disc')}<style>li::marker { color: red }</style>`);
    const disc = items.find((item) => item.kind === 'fill-path');
    expect(disc?.kind === 'fill-path' ? disc.color : undefined).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });
});

describe('inside symbol markers', () => {
  it('start the line, 1 px wider than the disc before a 1em gap', async () => {
    expectInk(await markerInk(list("32px 'Liberation Sans'", 'disc', 'list-style-position: inside')), { x0: 100, x1: 110, y0: 37, y1: 47 });
    expectInk(await markerInk(list("10px 'Liberation Sans'", 'square', 'list-style-position: inside')), { x0: 100, x1: 103, y0: 38, y1: 41 });
  });
});

describe('disclosure markers: triangles of 0.66em standing on the baseline', () => {
  // Chromium's anti-aliased ink is measured to 1/8 px: the triangles' corners are within it.
  const cases = [
    { name: 'open, outside', type: 'disclosure-open', css: '', box: { x0: 70.875, x1: 92, y0: 31.375, y1: 49.5 } },
    { name: 'closed, outside', type: 'disclosure-closed', css: '', box: { x0: 70.875, x1: 89, y0: 29.875, y1: 51 } },
    { name: 'closed, inside', type: 'disclosure-closed', css: 'list-style-position: inside', box: { x0: 100, x1: 118.125, y0: 29.875, y1: 51 } },
    { name: 'closed, right to left (pointing left)', type: 'disclosure-closed', css: 'direction: rtl', box: { x0: 211, x1: 229.125, y0: 29.875, y1: 51 } },
  ];
  it.each(cases)('$name', async ({ type, css, box }) => {
    expectInk(await markerInk(list("32px 'Liberation Sans'", type, css)), box, 0);
  });
});

describe('the bullet stays in the text', () => {
  it('as unpainted glyphs that pdftotext reads', async () => {
    const pdf = await renderPdf(`<style>body { font: 16px 'Liberation Sans' }</style><ul><li>Apples</li><li>Pears<ul><li>Green</li></ul></li></ul>`);
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout);
    expect(text.split('\n').slice(0, 3)).toEqual(['• Apples', '• Pears', '◦ Green']);
  });
});
