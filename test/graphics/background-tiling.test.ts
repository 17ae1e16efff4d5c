/**
 * Repeated background layers as one tiling pattern (paint/background.ts, pdf/tiling-pattern.ts):
 * every tile of a large area drawn, wherever the box is drawn (transforms, groups), at a size
 * that does not grow with the tile count.
 */
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { renderPage, renderPdf } from '../helpers/render.js';
import { decodePng } from '../helpers/pixels.js';
import { itemsAsSvg } from '../../src/paint/items-svg.js';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { rasterizeSvg } from '../../src/raster/svg.js';

const render = (css: string, body = '<div></div>'): Promise<string[]> => renderPage(`<style>@page { margin: 0 } body { margin: 0 } ${css}</style>${body}`);

/** A 2px tile: its left half red, its right half blue. */
const RED_BLUE = 'linear-gradient(to right, red 50%, blue 50%) 0 0 / 2px 2px';

/** The PDF's stream contents, inflated where they are compressed. */
function streams(pdf: Uint8Array): { dict: string; content: string }[] {
  const text = Buffer.from(pdf).toString('latin1');
  const out: { dict: string; content: string }[] = [];
  for (const match of text.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const length = Number(/\/Length (\d+)/.exec(match[1]!)?.[1] ?? -1);
    if (length < 0) continue;
    const raw = Buffer.from(pdf.subarray(start, start + length));
    let content = raw.toString('latin1');
    if (match[1]!.includes('/FlateDecode')) {
      try { content = inflateSync(raw).toString('latin1'); } catch { /* not a content stream */ }
    }
    out.push({ dict: match[1]!, content });
  }
  return out;
}

describe('repeated backgrounds', () => {
  it('covers the whole box however many tiles it takes (5,000 here; at most 4,000 were drawn before)', async () => {
    const page = await render(`@page { size: 200px 100px } div { height: 100px; background: ${RED_BLUE} }`);
    expect(new Set(page)).toEqual(new Set(['RB'.repeat(100)]));
  });

  it('writes one tile and one fill for a dotted grid over a page, not a shading and soft mask per dot', async () => {
    const pdf = await renderPdf('<style>@page { size: A4; margin: 0 } body { margin: 0 } div { height: 1000px; background: radial-gradient(circle, rgba(0, 0, 0, 0.5) 1px, transparent 1.5px) 0 0 / 10px 10px }</style><div></div>');
    const all = streams(pdf);
    expect(all.filter((s) => s.dict.includes('/PatternType 1'))).toHaveLength(1);
    // the dot's translucency: one soft mask, in the cell
    expect(Buffer.from(pdf).toString('latin1').match(/\/SMask/g)).toHaveLength(1);
    expect(pdf.byteLength).toBeLessThan(12_000);
  });

  // the cases below have more than 64 tiles (fewer are drawn one by one, where they fall)
  it('repeats along one axis only over the strip the tiles cover', async () => {
    const column = await render('@page { size: 8px 200px } div { height: 200px; background: linear-gradient(red, red) 2px 0 / 2px 2px repeat-y }');
    expect(new Set(column)).toEqual(new Set(['__RR____']));
    const row = await render('@page { size: 200px 4px } div { height: 4px; background: linear-gradient(red, red) 0 1px / 2px 2px repeat-x }');
    expect(row).toEqual(['_'.repeat(200), 'R'.repeat(200), 'R'.repeat(200), '_'.repeat(200)]);
  });

  it('spaces the tiles of `space` across the area', async () => {
    const page = await render('@page { size: 8px 150px } div { height: 150px; background: linear-gradient(red, red) 0 0 / 3px 3px space }');
    // two tiles across, 50 down: 3px tiles touching
    expect(new Set(page)).toEqual(new Set(['RRR__RRR']));
  });

  it('starts the lattice on a whole px, so that tiles stay sharp', async () => {
    const page = await render(`@page { size: 200px 2px } div { height: 2px; background: linear-gradient(to right, red 50%, blue 50%) 0.4px 0 / 2px 2px }`);
    expect(page).toEqual(['RB'.repeat(100), 'RB'.repeat(100)]);
  });

  it('follows the transforms the box is drawn under', async () => {
    expect(await render(`@page { size: 200px 2px } div { width: 100px; height: 1px; transform: scale(2); transform-origin: 0 0; background: ${RED_BLUE} }`)).toEqual(['RRBB'.repeat(50), 'RRBB'.repeat(50)]);
    expect(await render(`@page { size: 400px 2px } div { width: 400px; height: 2px; transform: rotate(180deg); background: linear-gradient(to right, red 50%, blue 50%) 0 0 / 4px 2px }`)).toEqual(['BBRR'.repeat(100), 'BBRR'.repeat(100)]);
  });

  it('is drawn inside an opacity group', async () => {
    const page = await renderPage(`<style>@page { size: 200px 2px; margin: 0 } body { margin: 0 } div { height: 2px; opacity: 0.5; background: ${RED_BLUE} }</style><div></div>`, {}, { palette: { r: '#ff8080', b: '#8080ff' }, tolerance: 2 });
    expect(page).toEqual(['rb'.repeat(100), 'rb'.repeat(100)]);
  });

  it('writes no cell smaller than a quarter px, however fine the lattice (Poppler\'s Splash drew 0.01px cells for 55 s a page)', async () => {
    for (const tile of ['0.01px', '0.1px', '0.2px']) {
      const pdf = await renderPdf(`<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 } div { height: 100px; background: ${RED_BLUE.replace('2px 2px', `${tile} ${tile}`)} }</style><div></div>`, { compress: false });
      const cell = streams(pdf).find((s) => s.dict.includes('/PatternType 1'))!.dict;
      const number = (key: string): number => Number(new RegExp(`/${key} ([\\d.]+)`).exec(cell)![1]);
      const scale = Number(/\/Matrix \[([\d.]+)/.exec(cell)![1]);
      expect(number('XStep') * scale).toBeGreaterThanOrEqual(0.25 - 1e-9);
      expect(number('YStep') * scale).toBeGreaterThanOrEqual(0.25 - 1e-9);
    }
  });

  it('draws a few tiles one by one, each where it falls', async () => {
    const pdf = await renderPdf(`<style>@page { size: 8px 2px; margin: 0 } body { margin: 0 } div { height: 2px; background: ${RED_BLUE} }</style><div></div>`, { compress: false });
    expect(Buffer.from(pdf).toString('latin1')).not.toContain('/PatternType');
  });

  it('keeps the marked content of a tagged PDF out of the pattern cell', async () => {
    const pdf = await renderPdf(`<style>@page { size: 40px 20px; margin: 0 } body { margin: 0 } div { height: 20px; background: ${RED_BLUE} }</style><div><p>x</p></div>`, { tagged: true, compress: false });
    // 200 tiles
    const cells = streams(pdf).filter((s) => s.dict.includes('/PatternType 1'));
    expect(cells).toHaveLength(1);
    expect(cells[0]!.content).toContain(' sh');
    expect(cells[0]!.content).not.toMatch(/BDC|BMC|EMC/);
  });

  it('is written as an SVG pattern for Skia', async () => {
    const tiles: DisplayItem = {
      kind: 'tiles', rect: { x: 0, y: 0, width: 8, height: 2 }, origin: { x: 0, y: 0 }, size: { width: 1, height: 2 }, step: { x: 2, y: 2 },
      items: [{ kind: 'fill-rect', rect: { x: 0, y: 0, width: 1, height: 2 }, color: { r: 255, g: 0, b: 0, a: 1 } }],
    };
    const markup = itemsAsSvg([tiles]);
    if ('unwritable' in markup) throw new Error(markup.unwritable);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="2"><defs>${markup.defs}</defs>${markup.body}</svg>`;
    const png = await rasterizeSvg(new TextEncoder().encode(svg), 8, 2);
    const image = decodePng(png!);
    const row = Array.from({ length: 8 }, (_, x) => (image.data[x * image.channels]! > 128 && image.data[x * image.channels + 3 - (image.channels === 4 ? 0 : 3)]! > 128 ? 'R' : '_')).join('');
    expect(row).toBe('R_R_R_R_');
  });
});
