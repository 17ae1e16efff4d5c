import { describe, expect, test } from 'vitest';
import type { Fragment, TextFragment } from '../../src/layout/types.js';
import { paintBorder } from '../../src/paint/border.js';
import { bevelColor, darken, dashPattern, dotPattern, grooveColors, lighten } from '../../src/paint/border-style.js';
import { paintPage } from '../helpers/paint.js';
import { renderPage } from '../helpers/render.js';
import { NO_RADII } from '../../src/css/values/radii.js';
import { loadFace, shape } from '../pdf/font-fixture.js';
import { BLACK, BLUE, LIME, RED, boxFragment, element, page, solidBorder, style } from './style-fixture.js';

const items = (children: Fragment[], pageStyle = style()) => paintPage(page(100, 100, children, pageStyle)).items;

describe('backgrounds', () => {
  test('background-color fills the border box', () => {
    expect(items([boxFragment(10, 20, 30, 40, { style: style({ backgroundColor: RED }) })])).toEqual([
      { kind: 'fill-rect', rect: { x: 10, y: 20, width: 30, height: 40 }, color: RED },
    ]);
  });

  test('the root background goes to the canvas; a transparent root lends the body\'s', () => {
    const body = boxFragment(8, 8, 84, 20, { style: style({ backgroundColor: BLUE }), element: element('body') });
    const html = boxFragment(0, 0, 100, 36, { element: element('html'), children: [body] });
    expect(items([html], style({ backgroundColor: LIME }))).toEqual([
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 100, height: 100 }, color: LIME },
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 100, height: 100 }, color: BLUE },
    ]);
    const rootRed = boxFragment(0, 0, 100, 36, { style: style({ backgroundColor: RED }), element: element('html'), children: [body] });
    expect(items([rootRed])).toEqual([
      { kind: 'fill-rect', rect: { x: 0, y: 0, width: 100, height: 100 }, color: RED },
      { kind: 'fill-rect', rect: { x: 8, y: 8, width: 84, height: 20 }, color: BLUE },
    ]);
  });

  test('rounded corners make the background a path', () => {
    const [item] = items([boxFragment(0, 0, 20, 10, { style: style({ backgroundColor: RED, borderTopLeftRadius: [4, 4] }) })]);
    expect(item!.kind).toBe('fill-path');
    expect(item!.kind === 'fill-path' && item.path.filter((s) => s.op === 'curve')).toHaveLength(1);
  });
});

describe('borders', () => {
  const rect = { x: 0, y: 0, width: 20, height: 10 };
  test('four equal solid sides: one even-odd ring', () => {
    const s = style(solidBorder(2, RED));
    expect(paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 2 }, style: s, radii: NO_RADII })).toEqual([{
      kind: 'fill-path', evenOdd: true, color: RED,
      path: [
        { op: 'move', x: 0, y: 0 }, { op: 'line', x: 20, y: 0 }, { op: 'line', x: 20, y: 10 }, { op: 'line', x: 0, y: 10 }, { op: 'close' },
        { op: 'move', x: 2, y: 2 }, { op: 'line', x: 18, y: 2 }, { op: 'line', x: 18, y: 8 }, { op: 'line', x: 2, y: 8 }, { op: 'close' },
      ],
    }]);
  });

  test('two solid sides of one colour, the others of no width: one nonzero fill of both (no seam at their corner)', () => {
    const s = style({ ...solidBorder(2, RED), borderLeftWidth: 0, borderBottomWidth: 0 });
    // the sides' regions wound alike: no edge of the fill lies along the open sides
    expect(paintBorder({ rect, widths: { top: 2, right: 2, bottom: 0, left: 0 }, style: s, radii: NO_RADII })).toEqual([{
      kind: 'fill-path', color: RED,
      path: [
        { op: 'move', x: 0, y: 0 }, { op: 'line', x: 20, y: 0 }, { op: 'line', x: 18, y: 2 }, { op: 'line', x: 0, y: 2 }, { op: 'close' },
        { op: 'move', x: 20, y: 0 }, { op: 'line', x: 20, y: 10 }, { op: 'line', x: 18, y: 10 }, { op: 'line', x: 18, y: 2 }, { op: 'close' },
      ],
    }]);
    // a transparent side of some width is not part of the ring: the sides stay apart
    const open = style({ ...solidBorder(2, RED), borderLeftColor: { r: 0, g: 0, b: 0, a: 0 } });
    expect(paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 2 }, style: open, radii: NO_RADII })).toHaveLength(3);
  });

  test('different colours: trapezoids joined on the diagonals', () => {
    const s = style({ ...solidBorder(2, RED), borderLeftColor: BLUE, borderLeftWidth: 4 });
    const out = paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 4 }, style: s, radii: NO_RADII });
    expect(out[0]).toEqual({ kind: 'fill-path', color: RED, path: [
      { op: 'move', x: 0, y: 0 }, { op: 'line', x: 20, y: 0 }, { op: 'line', x: 18, y: 2 }, { op: 'line', x: 4, y: 2 }, { op: 'close' },
    ] });
    expect(out[3]).toEqual({ kind: 'fill-path', color: BLUE, path: [
      { op: 'move', x: 0, y: 10 }, { op: 'line', x: 0, y: 0 }, { op: 'line', x: 4, y: 2 }, { op: 'line', x: 4, y: 8 }, { op: 'close' },
    ] });
    expect(out).toHaveLength(4);
  });

  test('a side cut by a page break (width 0) is not drawn', () => {
    const s = style(solidBorder(2, RED));
    const out = items([boxFragment(0, 0, 20, 10, { style: s, border: { top: 0, right: 2, bottom: 2, left: 2 }, continuedBefore: true })]);
    // the three others are one fill, no edge of it along the open top
    expect(out).toHaveLength(1);
    const fill = out[0]!;
    expect(fill.kind === 'fill-path' && fill.evenOdd === undefined && fill.path.filter((segment) => segment.op === 'move')).toHaveLength(3);
    // in two colours they stay three sides
    const two = style({ ...solidBorder(2, RED), borderLeftColor: BLUE });
    const sides = items([boxFragment(0, 0, 20, 10, { style: two, border: { top: 0, right: 2, bottom: 2, left: 2 }, continuedBefore: true })]);
    expect(sides).toHaveLength(3);
    expect(sides.every((i) => i.kind === 'fill-path' && i.evenOdd === undefined)).toBe(true);
  });

  test('dashed: Chromium\'s dashes and gaps, the gap fitted so whole dashes end the side', () => {
    // measured on Chromium's PDF of a 300px wide box: 1px → 60 dashes of 3 and gaps of 2.03; 2px → 30 of 6, gaps 4.14; 6px → 17 of 12, gaps 6
    expect(dashPattern(1, 300, false)).toEqual([3, 120 / 59]);
    expect(dashPattern(2, 300, false)).toEqual([6, 120 / 29]);
    expect(dashPattern(3, 300, false)![0]).toBe(6);
    expect(dashPattern(6, 300, false)).toEqual([12, 6]);
    // short sides as Chromium draws them: 12px at 2px solid; 14px dash 5.25, gap 3.5; 20px three dashes, gaps of 1
    expect(dashPattern(2, 12, false)).toBeUndefined();
    expect(dashPattern(2, 14, false)).toEqual([5.25, 3.5]);
    expect(dashPattern(2, 20, false)).toEqual([6, 1]);
    expect(dashPattern(4, 55, false)).toEqual([8, 3.75]);
    const s = style({ borderTopWidth: 2, borderTopStyle: 'dashed', borderTopColor: RED });
    expect(paintBorder({ rect, widths: { top: 2, right: 0, bottom: 0, left: 0 }, style: s, radii: NO_RADII })).toEqual([{
      kind: 'stroke-path', color: RED, width: 2, lineCap: 'butt', dash: [6, 1],
      path: [{ op: 'move', x: 0, y: 1 }, { op: 'line', x: 20, y: 1 }],
    }]);
  });

  test('dotted: Chromium\'s square dots under 4px, round ones from 4px, the first and last in the corners', () => {
    // measured on Chromium's PDF: over 150px, 1px → 75 dots, 2px → 38 (gaps of 2), 3px → 25; over
    // 200px, 4px → 26 round dots 7.83 apart, 10px → 11 dots 19 apart
    expect(dotPattern(1, 150)).toEqual({ shape: 'square', gap: 75 / 74 });
    expect(dotPattern(2, 150)).toEqual({ shape: 'square', gap: 2 });
    expect(dotPattern(3, 150)).toEqual({ shape: 'square', gap: 75 / 24 });
    expect(dotPattern(4, 200)).toEqual({ shape: 'round', spacing: 196 / 25 });
    expect(dotPattern(10, 200)).toEqual({ shape: 'round', spacing: 19 });
    // room for one dot only: solid
    expect(dotPattern(2, 3)).toBeUndefined();
    const s = style({ borderBottomWidth: 2, borderBottomStyle: 'dotted', borderBottomColor: RED });
    expect(paintBorder({ rect, widths: { top: 0, right: 0, bottom: 2, left: 0 }, style: s, radii: NO_RADII })).toEqual([{
      kind: 'stroke-path', color: RED, width: 2, lineCap: 'butt', dash: [2, 2.5],
      path: [{ op: 'move', x: 0, y: 9 }, { op: 'line', x: 20, y: 9 }],
    }]);
    const thick = style({ borderBottomWidth: 4, borderBottomStyle: 'dotted', borderBottomColor: RED });
    expect(paintBorder({ rect, widths: { top: 0, right: 0, bottom: 4, left: 0 }, style: thick, radii: NO_RADII })).toEqual([{
      kind: 'stroke-path', color: RED, width: 4, lineCap: 'round', dash: [0, 8],
      // (on past the last dot by half a spacing: no dot is dropped at the end)
      path: [{ op: 'move', x: 2, y: 8 }, { op: 'line', x: 22, y: 8 }],
    }]);
  });

  test('dotted round rounded corners: square dots to 3px, fitted round the closed middle line, as Chromium draws them', () => {
    const dotted = (width: number) => style({ ...solidBorder(width, RED), borderTopStyle: 'dotted', borderRightStyle: 'dotted', borderBottomStyle: 'dotted', borderLeftStyle: 'dotted' });
    const radii = [5, 5, 5, 5, 5, 5, 5, 5] as const;
    // the middle line: an 18 × 8 box with radii of 4, 20 + 8π long; 11 dots of 2 and gaps of 2.10 (none doubles where it closes)
    const [thin] = paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 2 }, style: dotted(2), radii });
    expect(thin).toMatchObject({ kind: 'stroke-path', width: 2, lineCap: 'butt' });
    const length = 20 + 8 * Math.PI;
    expect(thin!.kind === 'stroke-path' && thin.dash![1]).toBeCloseTo((length - 22) / 11, 2);
    // a dashed bottom under solid sides: the whole line's dashes, clipped to the bottom's part of the border
    const mixed = style({ ...solidBorder(2, RED), borderBottomStyle: 'dashed' });
    const items = paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 2 }, style: mixed, radii });
    expect(items.map((item) => item.kind)).toEqual(['fill-path', 'fill-path', 'push-clip-path', 'stroke-path', 'pop-clip', 'fill-path']);
  });

  test('double: outer and inner thirds; inset/groove shade like Chromium', () => {
    const dbl = style({ ...solidBorder(3, RED), borderTopStyle: 'double', borderRightStyle: 'double', borderBottomStyle: 'double', borderLeftStyle: 'double' });
    const [ring] = paintBorder({ rect, widths: { top: 3, right: 3, bottom: 3, left: 3 }, style: dbl, radii: NO_RADII });
    expect(ring!.kind === 'fill-path' && ring.path.filter((s) => s.op === 'move')).toEqual([
      { op: 'move', x: 0, y: 0 }, { op: 'move', x: 1, y: 1 }, { op: 'move', x: 2, y: 2 }, { op: 'move', x: 3, y: 3 },
    ]);
    expect(darken(RED)).toEqual({ r: 171, g: 0, b: 0, a: 1 });
    const inset = style({ ...solidBorder(2, RED), borderTopStyle: 'inset', borderRightStyle: 'inset', borderBottomStyle: 'inset', borderLeftStyle: 'inset' });
    const colors = paintBorder({ rect, widths: { top: 2, right: 2, bottom: 2, left: 2 }, style: inset, radii: NO_RADII }).map((i) => (i.kind === 'fill-path' ? i.color.r : -1));
    expect(colors).toEqual([171, 255, 255, 171]);
    expect(lighten({ r: 0, g: 0, b: 200, a: 1 })).toEqual({ r: 0, g: 0, b: 255, a: 1 });
  });

  test('3D borders keep the colour on the lit side unless its shadow would not show against it, as Chromium 156 prints them', () => {
    // Chromium 156's pixels of a 20px ridge (outer half of the top side, inner half): a menu's
    // #8c6d3f frame keeps its brown, gray stays gray; only colours too dark for their shadow to
    // show (contrast under 1.75) are lightened — #333, dark red, navy, black (to #545454)
    const rgb = (r: number, g: number, b: number): { r: number; g: number; b: number; a: number } => ({ r, g, b, a: 1 });
    const shades = (color: ReturnType<typeof rgb>): string => grooveColors('ridge', 'top', color).map((c) => `${c.r},${c.g},${c.b}`).join(' / ');
    expect(shades(rgb(140, 109, 63))).toBe('140,109,63 / 56,43,25');
    expect(shades(rgb(128, 128, 128))).toBe('128,128,128 / 44,44,44');
    expect(shades(rgb(204, 204, 204))).toBe('204,204,204 / 120,120,120');
    expect(shades(rgb(40, 58, 90))).toBe('40,58,90 / 2,3,5');
    expect(shades(rgb(64, 64, 64))).toBe('64,64,64 / 0,0,0');
    expect(shades(rgb(0, 83, 0))).toBe('0,83,0 / 0,0,0');
    expect(shades(rgb(96, 96, 96))).toBe('96,96,96 / 11,11,11');
    expect(shades(rgb(51, 51, 51))).toBe('135,135,135 / 0,0,0');
    expect(shades(rgb(86, 0, 0))).toBe('170,0,0 / 1,0,0');
    expect(shades(rgb(20, 20, 86))).toBe('39,39,170 / 0,0,1');
    expect(shades(BLACK)).toBe('84,84,84 / 0,0,0');
    // the bottom side of a groove is the same pair, lit outside; alpha is kept
    expect(grooveColors('groove', 'bottom', { ...BLACK, a: 0.5 })).toEqual([{ r: 84, g: 84, b: 84, a: 0.5 }, { r: 0, g: 0, b: 0, a: 0.5 }]);
    expect(bevelColor('outset', 'top', rgb(140, 109, 63))).toEqual(rgb(140, 109, 63));
    expect(bevelColor('inset', 'bottom', rgb(51, 51, 51))).toEqual(rgb(135, 135, 135));
  });
});

describe('border styles too thin for their pattern', () => {
  const rect = { x: 0, y: 0, width: 20, height: 10 };
  const all = (width: number, borderStyle: 'groove' | 'ridge' | 'double'): ReturnType<typeof style> => style({
    ...solidBorder(width, RED), borderTopStyle: borderStyle, borderRightStyle: borderStyle, borderBottomStyle: borderStyle, borderLeftStyle: borderStyle,
  });
  const paint = (width: number, borderStyle: 'groove' | 'ridge' | 'double') => paintBorder({ rect, widths: { top: width, right: width, bottom: width, left: width }, style: all(width, borderStyle), radii: NO_RADII });

  test('a 1px groove or ridge and a double under 3px are one solid ring in the colour, as Chromium draws them', () => {
    // Blink's BorderEdge::EffectiveStyle; before, a 1px groove was two half-pixel bands, dark and light
    for (const [width, borderStyle] of [[1, 'groove'], [1, 'ridge'], [2, 'double']] as const) {
      const items = paint(width, borderStyle);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ kind: 'fill-path', color: RED, evenOdd: true });
      expect(items[0]!.kind === 'fill-path' && items[0]!.path.filter((s) => s.op === 'move')).toEqual([{ op: 'move', x: 0, y: 0 }, { op: 'move', x: width, y: width }]);
    }
  });

  test('odd widths split on whole pixels as Chromium prints them: a 3px ridge 2 + 1 on top, 2 + 1 at the bottom (inner first); doubles 1 + 2 + 1 and 2 + 1 + 2', async () => {
    // before: halves and thirds of a pixel, grey where a pixel was shared
    const page = await renderPage(`<style>@page { size: 33px 12px; margin: 0 } body { margin: 0 } div { float: left; width: 2px; height: 2px; margin-right: 1px }</style>
      <div style="border: 3px ridge #0000ff"></div><div style="border: 4px double #0000ff"></div><div style="border: 5px double #0000ff"></div>`, {}, { palette: { _: '#ffffff', B: '#0000ff', D: '#0000ab' } });
    const column = (x: number): string => page.map((row) => row[x]).join('');
    // ridge: on top its outer 2px lit and inner 1px shadowed; at the bottom its inner 2px lit, outer 1px shadowed — Chromium 156's pixels
    expect(column(3)).toBe('BBD__BBD____');
    expect(column(13)).toBe('B__B__B__B__');
    expect(column(25)).toBe('BB_BB__BB_BB');
  });

  test('from 2px a groove is shaded in halves and from 3px a double has two lines', () => {
    expect(paint(2, 'groove').map((i) => (i.kind === 'fill-path' ? i.color.r : -1))).toEqual([171, 255, 255, 171, 255, 171, 171, 255]);
    const [ring] = paint(3, 'double');
    expect(ring!.kind === 'fill-path' && ring.path.filter((s) => s.op === 'move')).toHaveLength(4);
  });
});

describe('painting order, opacity, clipping, visibility', () => {
  const face = loadFace('sans');
  const text = (x: number, baseline: number, s = style()): TextFragment => {
    const glyphs = shape(face, 'Hi', 10);
    return {
      kind: 'text', style: s, x, y: baseline - 8, width: 12, height: 12, baseline, text: 'Hi',
      runs: [{ x, advances: glyphs.map((g) => g.advance), run: { face, size: 10, glyphs, width: 12, text: 'Hi' } }],
    };
  };
  const line = (children: Fragment[]): Fragment => ({ kind: 'line', x: 0, y: 0, width: 100, height: 12, baseline: 10, children });

  test('block backgrounds before inline content; positioned boxes after; z-index sorts contexts', () => {
    const first = boxFragment(0, 0, 100, 12, { style: style({ backgroundColor: RED }), children: [line([text(0, 10)])] });
    const second = boxFragment(0, 5, 100, 12, { style: style({ backgroundColor: BLUE }) });
    const positioned = boxFragment(0, 0, 5, 5, { style: style({ position: 'relative', backgroundColor: LIME }) });
    const below = boxFragment(0, 0, 6, 6, { style: style({ position: 'absolute', zIndex: -1, backgroundColor: BLACK }) });
    const out = items([boxFragment(0, 0, 100, 100, { children: [positioned, first, below, second] })]);
    expect(out.map((i) => (i.kind === 'fill-rect' ? i.color : i.kind))).toEqual([BLACK, RED, BLUE, 'glyphs', LIME]);
  });

  test('outlines over in-flow content and floats, under positioned boxes (as Chromium paints them)', () => {
    const outlined = style({ outlineStyle: 'solid', outlineWidth: 2, outlineColor: BLUE });
    const block = boxFragment(0, 0, 50, 20, { style: outlined, children: [line([text(0, 10)])] });
    const float = boxFragment(40, 0, 10, 10, { style: style({ float: 'left', backgroundColor: RED }) });
    const positioned = boxFragment(0, 15, 10, 10, { style: style({ position: 'absolute', backgroundColor: LIME }) });
    const out = items([boxFragment(0, 0, 100, 100, { children: [block, float, positioned] })]);
    expect(out.map((i) => (i.kind === 'glyphs' ? i.kind : 'color' in i ? i.color : i.kind))).toEqual([RED, 'glyphs', BLUE, LIME]);
    // a positioned box's own outline goes over its content but under its positioned children
    const child = boxFragment(-5, 5, 10, 10, { style: style({ position: 'absolute', backgroundColor: LIME }) });
    const parent = boxFragment(10, 10, 50, 20, { style: style({ position: 'relative', backgroundColor: RED, outlineStyle: 'solid', outlineWidth: 2, outlineColor: BLUE }), children: [child] });
    expect(items([parent]).map((i) => ('color' in i ? i.color : i.kind))).toEqual([RED, BLUE, LIME]);
  });

  test('opacity wraps the context; overflow: hidden clips children to the padding box', () => {
    const child = boxFragment(0, 0, 50, 50, { style: style({ backgroundColor: RED }) });
    const clipping = boxFragment(10, 10, 30, 30, { style: style({ ...solidBorder(2, BLUE), overflowX: 'hidden', overflowY: 'hidden', opacity: 0.5 }), children: [child] });
    const out = items([clipping]);
    expect(out.map((i) => i.kind)).toEqual(['push-opacity', 'fill-path', 'push-clip', 'fill-rect', 'pop-clip', 'pop-opacity']);
    expect(out[0]).toEqual({ kind: 'push-opacity', opacity: 0.5 });
    expect(out[2]).toEqual({ kind: 'push-clip', rect: { x: 12, y: 12, width: 26, height: 26 } });
  });

  test('transform, clip-path and opacity wrap the context from the outside in', () => {
    const child = boxFragment(10, 10, 20, 10, { style: style({ backgroundColor: RED }) });
    const box = boxFragment(10, 10, 20, 10, {
      style: style({ transform: [{ kind: 'rotate', x: 0, y: 0, z: 1, angle: 90 }], opacity: 0.5, clipPath: { shape: undefined, box: 'border-box' } }),
      children: [child],
    });
    const out = items([box]);
    expect(out.map((i) => i.kind)).toEqual(['push-transform', 'push-clip-path', 'push-opacity', 'fill-rect', 'pop-opacity', 'pop-clip', 'pop-transform']);
    // a quarter turn about the centre (20, 15)
    const m = (out[0] as { matrix: readonly number[] }).matrix.map((v) => Math.round(v * 1e6) / 1e6 + 0);
    expect(m).toEqual([0, 1, -1, 0, 35, -5]);
  });

  test('a transformed box paints with the positioned ones, after later in-flow blocks', () => {
    const moved = boxFragment(0, 0, 10, 10, { style: style({ backgroundColor: RED, transform: [{ kind: 'translate', x: 1, y: 0, z: 0 }] }) });
    const later = boxFragment(0, 10, 10, 10, { style: style({ backgroundColor: BLUE }) });
    const out = items([boxFragment(0, 0, 100, 100, { children: [moved, later] })]);
    expect(out.map((i) => (i.kind === 'fill-rect' ? i.color : i.kind))).toEqual([BLUE, 'push-transform', RED, 'pop-transform']);
  });

  test('visibility: hidden hides the box but not a visible child', () => {
    const child = boxFragment(0, 0, 5, 5, { style: style({ backgroundColor: RED }) });
    const hidden = boxFragment(0, 0, 10, 10, { style: style({ visibility: 'hidden', backgroundColor: BLUE }), children: [child, line([text(0, 10, style({ visibility: 'hidden' }))])] });
    expect(items([hidden])).toEqual([{ kind: 'fill-rect', rect: { x: 0, y: 0, width: 5, height: 5 }, color: RED }]);
  });

  test('glyphs items carry the run, its advances and the colour; underline before, line-through after', () => {
    const decorated = style({ color: RED, textDecorationLine: { underline: true, overline: false, lineThrough: true }, textDecorationColor: BLUE });
    // on its line's baseline, where the block's decorations are drawn
    const t = text(3, 10, decorated);
    const out = items([boxFragment(0, 0, 100, 30, { style: decorated, children: [line([t])] })]);
    expect(out.map((i) => i.kind)).toEqual(['fill-rect', 'glyphs', 'fill-rect']);
    const glyphs = out[1]!;
    expect(glyphs).toMatchObject({ kind: 'glyphs', x: 3, y: 10, size: 10, color: RED, syntheticBold: 0, syntheticOblique: false });
    expect(glyphs.kind === 'glyphs' && glyphs.advances).toEqual(t.runs[0]!.advances);
    // auto thickness: a tenth of the font size in whole px, at least 1; auto position: that much
    // (half of it, rounded up, at least 1px) below the baseline, as Chromium draws it
    expect(out[0]).toEqual({ kind: 'fill-rect', color: BLUE, rect: { x: 3, y: 11, width: 12, height: 1 } });
  });

  test('links for a[href] fragments and bookmarks for headings, after the painting', () => {
    const a = boxFragment(5, 5, 20, 10, { kind: 'inline', element: element('a', { href: ' https://example.com ' }) });
    // the box tree gives the heading its evaluated bookmark-label (boxes/build.ts)
    const h2 = boxFragment(0, 30, 100, 20, { element: element('h2', {}, 'Terms of use'), style: style({ bookmarkLevel: 2, bookmarkLabel: [{ kind: 'string', value: 'Terms of use' }], bookmarkState: 'closed' }) });
    const out = items([boxFragment(0, 0, 100, 100, { children: [h2, a] })]);
    expect(out).toEqual([
      { kind: 'bookmark', level: 2, title: 'Terms of use', y: 30, open: false },
      { kind: 'link', rect: { x: 5, y: 5, width: 20, height: 10 }, url: 'https://example.com', element: a.box.element?.dom },
    ]);
  });
});

describe('tagging (tagged PDF)', () => {
  const face = loadFace('sans');
  const text = (content: string, s = style()): TextFragment => {
    const glyphs = shape(face, content, 10);
    return {
      kind: 'text', style: s, x: 0, y: 2, width: 12, height: 12, baseline: 10, text: content,
      runs: [{ x: 0, advances: glyphs.map((g) => g.advance), run: { face, size: 10, glyphs, width: 12, text: content } }],
    };
  };
  const line = (children: Fragment[]): Fragment => ({ kind: 'line', x: 0, y: 0, width: 100, height: 12, baseline: 10, children });
  const tagged = (p: ReturnType<typeof page>) => paintPage(p, { tagged: true }).items;
  const kinds = (out: readonly { kind: string }[]) => out.map((i) => i.kind);

  test('text is wrapped in begin-tag for its element; decoration lines and white space stay outside', () => {
    const p = element('p');
    const underlined = style({ textDecorationLine: { underline: true, overline: false, lineThrough: false }, textDecorationColor: RED });
    const box = boxFragment(0, 0, 100, 20, { element: p, style: underlined, children: [line([text('Hi', underlined), text(' ', underlined)])] });
    const out = tagged(page(100, 100, [box]));
    expect(kinds(out)).toEqual(['fill-rect', 'begin-tag', 'glyphs', 'end-marked', 'fill-rect', 'glyphs']);
    expect(out[1]).toEqual({ kind: 'begin-tag', element: p.dom, part: 'content' });
    // untagged painting is unchanged
    expect(kinds(paintPage(page(100, 100, [box])).items)).toEqual(['fill-rect', 'glyphs', 'fill-rect', 'glyphs']);
  });

  test('an outside list marker (its own line in the marker style) is the item\'s marker part', () => {
    const li = element('li');
    const markerStyle = style({ color: BLUE });
    const item = boxFragment(0, 0, 100, 20, { element: li, children: [line([text('Apples')]), line([text('• ', markerStyle)])] });
    const withMarker = { ...item, box: { ...item.box, marker: { kind: 'block', style: markerStyle, element: li, pseudo: 'marker', outer: 'inline', children: [], inlineContent: true } } } as typeof item;
    const tags = tagged(page(100, 100, [withMarker])).filter((i) => i.kind === 'begin-tag');
    expect(tags.map((t) => t.kind === 'begin-tag' && t.part)).toEqual(['content', 'marker']);
  });

  test('margin boxes are Pagination artifacts; anonymous boxes keep their parent element', () => {
    const body = element('p');
    const anonymous = boxFragment(0, 0, 100, 20, { children: [line([text('In')])] });
    const flow = boxFragment(0, 0, 100, 40, { element: body, children: [anonymous] });
    const margin = boxFragment(0, 80, 100, 20, { element: element('div'), children: [line([text('Page 1')])] });
    const out = tagged({ ...page(100, 100, [flow]), marginBoxes: [margin] });
    expect(kinds(out)).toEqual(['begin-tag', 'glyphs', 'end-marked', 'begin-artifact', 'glyphs', 'end-marked']);
    expect(out[0]).toMatchObject({ element: body.dom });
    expect(out[3]).toEqual({ kind: 'begin-artifact', type: 'Pagination' });
  });
});
