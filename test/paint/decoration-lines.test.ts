/**
 * Text decoration lines placed and patterned as Chromium 156 prints them. Dashed and dotted (Blink's DrawLine for a
 * text line; read in its PDF, `qpdf --qdf`): at 22px, dashes of 6px and dots of 2px from the
 * line's start; a 3px dashed line's dashes 6px apart by about 3 (Chromium: 6 and 2.91 over 168px).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { decorationDash } from '../../src/paint/decoration-dash.js';
import { paintDocument } from '../helpers/paint.js';

const engine = createInternalEngine();

async function strokes(decoration: string): Promise<Extract<DisplayItem, { kind: 'stroke-path' }>[]> {
  const html = `<!doctype html><style>@page { size: 400px 60px; margin: 0 } body { margin: 0; font: 22px "DejaVu Serif" }
    span { text-decoration: ${decoration}; text-decoration-skip-ink: none }</style><p><span>dashed thick offset</span></p>`;
  const laid = await engine.layout({ template: html, data: {} });
  return paintDocument(laid.pages).pages[0]!.items.filter((item): item is Extract<DisplayItem, { kind: 'stroke-path' }> => item.kind === 'stroke-path');
}

describe('dashed and dotted text decorations', () => {
  it('dashes 3 × and gaps 2 × the width under 3px, 2 × and 1 × from 3px, the gap fitted to end with a dash', async () => {
    const [thick] = await strokes('underline dashed 3px');
    expect(thick?.dash?.[0]).toBe(6);
    expect(thick?.dash?.[1]).toBeGreaterThan(2.5);
    expect(thick?.dash?.[1]).toBeLessThan(3.5);
    expect(thick?.lineCap).toBe('butt');
    const [auto] = await strokes('underline dashed');
    // auto: 2px at 22px (a tenth of the font size, whole px): dashes of 6, gaps near 4
    expect(auto?.dash?.[0]).toBe(6);
    expect(Math.abs(auto!.dash![1]! - 4)).toBeLessThan(0.5);
  });

  it('dots: squares of the width a width apart up to 3px, round ones fitted beyond', async () => {
    const [dotted] = await strokes('underline dotted');
    expect([dotted?.dash, dotted?.lineCap]).toEqual([[2, 2], 'butt']);
    const [round] = await strokes('underline dotted 5px');
    expect(round?.lineCap).toBe('round');
    expect(round?.dash?.[0]).toBe(0);
  });

  it('strokes a dashed or dotted line as thick as it resolves, centred on a whole or half pixel (Obsidian\'s unresolved links)', async () => {
    // Chromium 156 at 600 dpi (rows of dark pixels / 6.25): at 16px the line is 1.6px thick with 6px dashes and 2px dots
    // (a solid one is 1px), centred on y 101 and 139; at 13px 1.3px on 175.5; 2px on 217 at 20px; 2.4px on 265 and 313 at 24px
    const p = (style: string): string => `<p style="text-decoration: underline ${style}">xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</p>`;
    const html = `<!doctype html><style>@page { size: 8.5in 11in; margin: 0.5in } body { margin: 0; font: 16px "Liberation Sans" } p { margin: 0 0 20px; text-decoration-skip-ink: none }</style>
      ${p('solid')}${p('dashed')}${p('dotted')}${p('dashed; font-size: 13px')}${p('dashed; font-size: 20px')}${p('dashed; font-size: 24px')}${p('dotted; font-size: 24px')}`;
    const laid = await engine.layout({ template: html, data: {} });
    const lines = paintDocument(laid.pages).pages[0]!.items.flatMap((item) => (item.kind === 'stroke-path' && item.path[0]?.op === 'move' ? [[item.width, item.dash?.[0], item.path[0].y]] : []));
    expect(lines).toEqual([[1.6, 6, 101], [1.6, 2, 139], [1.3, 3, 175.5], [2, 6, 217], [2.4, 6, 265], [2.4, 2, 313]]);
  });

  it('a line too short for two dashes is solid; the pattern is measured in whole pixels', () => {
    expect(decorationDash('dashed', 2, 12)).toBeUndefined();
    expect(decorationDash('dotted', 2, 4)).toBeUndefined();
    expect(decorationDash('dashed', 2.2, 100)).toEqual(decorationDash('dashed', 2, 100));
    expect(decorationDash('dotted', 1, 100)).toEqual({ dash: [1, 1], lineCap: 'butt' });
  });
});

describe('decoration lines placed on whole pixels as Blink places them', () => {
  /** Each decoration's fill rect: its top less the baseline (the glyphs' y), and its height. */
  async function placed(font: string, size: number): Promise<number[][]> {
    const html = `<!doctype html><style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: ${size}px "${font}" }
      span { text-decoration-skip-ink: none }</style><p><span style="text-decoration: overline">Ox</span> <span style="text-decoration: line-through">Ox</span> <span style="text-decoration: underline">Ox</span></p>`;
    const laid = await engine.layout({ template: html, data: {} });
    const items = paintDocument(laid.pages).pages[0]!.items;
    const baseline = items.find((item) => item.kind === 'glyphs')?.y ?? Number.NaN;
    return items.flatMap((item) => (item.kind === 'fill-rect' && item.rect.height < 10 ? [[Math.round((item.rect.y - baseline) * 100) / 100, item.rect.height]] : []));
  }

  it('overline above the text\'s top, line-through 2/3 of the rounded ascent below it, underline a gap of half the unrounded auto thickness below the baseline', async () => {
    // Chromium 156 (qpdf --qdf of its PDF): overline, line-through, underline tops from the baseline, 1px/2px/3px thick
    expect(await placed('Liberation Sans', 16)).toEqual([[-15, 1], [-5, 1], [1, 1]]);
    expect(await placed('Liberation Sans', 22)).toEqual([[-22, 2], [-8, 2], [2, 2]]);
    expect(await placed('DejaVu Sans', 30)).toEqual([[-31, 3], [-11, 3], [2, 3]]);
    expect(await placed('Liberation Serif', 14)).toEqual([[-13, 1], [-5, 1], [1, 1]]);
  });

  it('rounds a length thickness to whole px, at least one — `0` still draws — and paints from-font at least 1px (Chromium 156)', async () => {
    async function lines(decorations: readonly string[]): Promise<number[][]> {
      const spans = decorations.map((d) => `<span style="text-decoration: ${d}">Ox</span>`).join(' ');
      const laid = await engine.layout({ template: `<!doctype html><style>@page { size: 400px 100px; margin: 0 } body { margin: 0; font: 20px "DejaVu Sans" } span { text-decoration-skip-ink: none }</style><p>${spans}</p>`, data: {} });
      const items = paintDocument(laid.pages).pages[0]!.items;
      const baseline = items.find((item) => item.kind === 'glyphs')?.y ?? Number.NaN;
      return items.flatMap((item) => (item.kind === 'fill-rect' && item.rect.height < 10 ? [[Math.round((item.rect.y - baseline) * 100) / 100, item.rect.height]] : []));
    }
    // Chromium: 2px, 3px at +2, 1px, 1px, 1px; a 1.5px line-through 2px thick 7px above; a 2.5px overline 3px thick at -22
    expect(await lines(['underline 1.5px', 'underline 2.6px', 'underline 0.4px', 'underline 0px', 'underline from-font']))
      .toEqual([[1, 2], [2, 3], [1, 1], [1, 1], [1, 1]]);
    expect(await lines(['line-through 1.5px', 'overline 2.5px'])).toEqual([[-7, 2], [-22, 3]]);
  });
});


describe('SVG text decorations, small capitals and baselines (SVG 2 §11.12, as Chromium 156 prints them)', () => {
  /** The page's fill rects (decorations) and glyph runs of an inline SVG's markup. */
  async function drawn(markup: string, css = ''): Promise<readonly DisplayItem[]> {
    const html = `<!doctype html><style>@page { size: 500px 100px; margin: 0 } body { margin: 0 } svg { display: block; font-family: "Liberation Sans" } ${css}</style><svg width="500" height="100">${markup}</svg>`;
    return (await engine.display({ template: html, data: {} })).pages[0]!.items;
  }
  const rects = (items: readonly DisplayItem[]): string[] =>
    items.flatMap((item) => (item.kind === 'fill-rect' ? [`${item.rect.x.toFixed(1)} ${item.rect.y} ${item.rect.width.toFixed(1)} ${item.rect.height} ${item.color.r},${item.color.g},${item.color.b}`] : []));

  it('underline, line-through and overline placed as HTML text\'s, in the fill of the element that declares them', async () => {
    // Chromium's PDF: `10 31 34.453125 2 re` under a baseline at 30 (20px), a line-through at 23, an overline at 10; at 40px 4px thick, 2px below
    // (before: no lines at all)
    expect(rects(await drawn('<text x="10" y="30" font-size="20" text-decoration="underline">Hxy</text><text x="100" y="30" font-size="20" style="text-decoration: line-through">Hxy</text>'
      + '<text x="200" y="30" font-size="20" style="text-decoration: overline">Hxy</text><text x="300" y="30" font-size="40" fill="red" text-decoration="underline">Hxy</text>')))
      .toEqual(['10.0 31 34.4 2 0,0,0', '100.0 23 34.4 2 0,0,0', '200.0 10 34.4 2 0,0,0', '300.0 32 68.9 4 255,0,0']);
    // a tspan of another fill keeps its text's underline colour; one declared on the tspan takes the tspan's; one on a <g> reaches its text; `none` removes none
    expect(rects(await drawn('<text x="100" y="30" font-size="20" fill="lime" text-decoration="underline">H<tspan fill="red">xy</tspan></text>'
      + '<text x="200" y="30" font-size="20" fill="lime">H<tspan fill="red" text-decoration="underline">xy</tspan></text>'
      + '<g text-decoration="underline"><text x="300" y="30" font-size="20" fill="blue">H<tspan text-decoration="none">xy</tspan></text></g>')))
      // (Chromium: the <g>'s black under the blue text, 2px thick under its 20px text though the <g>'s font is 16px)
      .toEqual(['100.0 31 14.4 2 0,255,0', '114.4 31 20.0 2 0,255,0', '214.4 31 20.0 2 255,0,0', '300.0 31 14.4 2 0,0,0', '314.4 31 20.0 2 0,0,0']);
  });

  it('a stroked text\'s decoration is stroked too', async () => {
    // Chromium: `10 101 34.453125 2 re S` in blue, 2 wide, and no fill
    const items = await drawn('<text x="10" y="30" font-size="20" fill="none" stroke="blue" stroke-width="2" text-decoration="underline">Hxy</text>');
    expect(rects(items)).toEqual([]);
    const stroke = items.find((item): item is Extract<DisplayItem, { kind: 'stroke-path' }> => item.kind === 'stroke-path');
    expect([stroke?.width, stroke?.color.b, stroke?.path[0]]).toEqual([2, 255, { op: 'move', x: 10, y: 31 }]);
  });

  it('from the page\'s rules too', async () => {
    expect(rects(await drawn('<text class="u" x="10" y="30" font-size="20">Hxy</text>', '.u { text-decoration: underline }'))).toEqual(['10.0 31 34.4 2 0,0,0']);
    expect(runs(await drawn('<text class="c" x="10" y="30" font-size="20">Sm</text>', '.c { font-variant: small-caps }'))).toEqual(['20@30', '14@30']);
  });

  const runs = (items: readonly DisplayItem[]): string[] => items.flatMap((item) => (item.kind === 'glyphs' ? [`${item.size}@${item.y}`] : []));

  it('font-variant: small-caps draws the lower-case letters as capitals at 0.7 of the size', async () => {
    // Chromium: "Small" as S at 20px then "MALL" at 14px (before: all at 20px, lower case)
    expect(runs(await drawn('<text x="10" y="30" font-size="20" style="font-variant: small-caps">Sm</text><text x="100" y="30" font-size="20" font-variant="small-caps">Sm</text>')))
      .toEqual(['20@30', '14@30', '20@30', '14@30']);
  });

  it('text-top and text-bottom are not dominant baselines (SVG 1.1 has them not; Blink drops them)', async () => {
    // Chromium sets both on the alphabetic baseline, as `auto` (before: text-top 18px lower)
    expect(runs(await drawn('<text x="10" y="60" font-size="20" dominant-baseline="text-top">T</text><text x="60" y="60" font-size="20" dominant-baseline="text-bottom">T</text>')))
      .toEqual(['20@60', '20@60']);
  });
});
