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

