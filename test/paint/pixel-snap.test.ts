/**
 * Box decoration on whole CSS pixels (docs/architecture.md, "Painting on whole pixels"): Chromium
 * prints with a device pixel of one CSS px and paints backgrounds, borders, outlines, shadows,
 * collapsed table borders and images on the box's rect with each edge rounded (Blink's
 * `ToPixelSnappedRect`), while the layout keeps the exact positions. The figures below are Chromium
 * 156's, read in its PDF (`qpdf --qdf`, the `re` and `cm` operators) for the same pages.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type { Rect } from '../../src/geometry/types.js';
import { snappedRect } from '../../src/paint/placed.js';
import { paintDocument } from '../helpers/paint.js';
import { renderPdf } from '../helpers/render.js';
import { decodePng, rasterize } from '../helpers/pixels.js';
import { withPdfFile } from '../helpers/tmp.js';

const engine = createInternalEngine();
const PAGE = '<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0 }';
const TILE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAH0lEQVR4nGNkYPjPwMDwn4GRgYGBiQEJMP5H4qDIAAB3ngMF/53ZiQAAAABJRU5ErkJggg==';

async function items(html: string): Promise<readonly DisplayItem[]> {
  const laid = await engine.layout({ template: html, data: {} });
  return paintDocument(laid.pages).pages[0]!.items;
}

const rectOf = (r: Rect): number[] => [r.x, r.y, r.width, r.height];
const fills = (list: readonly DisplayItem[]): number[][] => list.flatMap((item) => (item.kind === 'fill-rect' ? [rectOf(item.rect)] : []));

/** Each row's darkness (0 white … 255 black) down column `x` of the page rendered antialiased at 96 dpi (one pixel a CSS px). */
async function column(pdf: Uint8Array, x: number): Promise<number[]> {
  return withPdfFile(pdf, async (path, folder) => {
    await promisify(execFile)('pdftocairo', ['-png', '-r', '96', '-f', '1', '-l', '1', path, join(folder, 'page')]);
    const file = readdirSync(folder).find((f) => /^page-\d+\.png$/.test(f))!;
    const image = decodePng(readFileSync(join(folder, file)));
    return Array.from({ length: image.height }, (_, y) => 255 - image.data[(y * image.width + x) * image.channels]!);
  });
}

describe('snappedRect', () => {
  it('rounds each edge half up, as Blink\'s ToPixelSnappedRect', () => {
    expect(rectOf(snappedRect(20.3, 10.3, 52.4, 32.4))).toEqual([20, 10, 53, 33]);
    expect(rectOf(snappedRect(100.6, 10.6, 50.3, 30.3))).toEqual([101, 11, 50, 30]);
    expect(rectOf(snappedRect(200.5, 10.5, 50.5, 30.5))).toEqual([201, 11, 50, 30]);
    // a sum meant to be 52.5 that floating point leaves just under it
    expect(snappedRect(0.1 + 0.2 + 52.2, 0, 1, 1).x).toBe(53);
  });

  it('keeps a pixel of a thin rect whose edges round to the same one, as Blink\'s SnapSizeToPixel', () => {
    // a 0.65px fraction bar at y 10.6 would round to 11 and 11; more than 4/64px keeps one pixel, less is none
    expect(rectOf(snappedRect(20, 10.6, 30, 0.65))).toEqual([20, 11, 30, 1]);
    expect(rectOf(snappedRect(20.2, 10, 0.2, 5))).toEqual([20, 10, 1, 5]);
    expect(rectOf(snappedRect(20, 10.6, 30, 0.05))).toEqual([20, 11, 30, 0]);
    const turn = [0, 1, -1, 0, 14.5, -0.5] as const;
    expect(rectOf(snappedRect(0.6, -0.2, 0.3, 15, turn))).toEqual([0.5, -0.5, 1, 15]);
  });

  it('snaps on the page\'s pixels through a quarter turn (a vertical flow\'s turned frame)', () => {
    // frame x → page y = x − 0.5, frame y → page x = 14.5 − y
    const turn = [0, 1, -1, 0, 14.5, -0.5] as const;
    expect(rectOf(snappedRect(0.5, -0.5, 14, 15, turn))).toEqual([0.5, -0.5, 14, 15]);
    expect(rectOf(snappedRect(0.7, -0.2, 14, 15, turn))).toEqual([0.5, -0.5, 14, 15]);
  });
});

describe('box decoration on whole pixels, as Chromium paints it', () => {
  it('paints backgrounds, borders and images on the rounded edges of the box', async () => {
    const list = await items(`${PAGE} div, img { position: absolute }
      .b { left: 100.6px; top: 10.6px; width: 50.3px; height: 30.3px; background: red }
      .c { left: 200.5px; top: 10.5px; width: 50.5px; height: 30.5px; background: blue }
      .e { left: 110.3px; top: 200.3px; width: 80.4px; height: 40.4px; box-shadow: 5px 5px 0 black; background: yellow }
      img { left: 210.3px; top: 100.3px; width: 30.4px; height: 20.4px }</style>
      <div class=b></div><div class=c></div><div class=e></div><img src="${TILE}">`);
    // Chromium: 101 11 50 30 re, 201 11 50 30 re; the shadow 110 200 81 41 re under a 5px translation, the box the same
    expect(fills(list)).toEqual([[101, 11, 50, 30], [201, 11, 50, 30], [110, 200, 81, 41]]);
    const shadow = list.find((item) => item.kind === 'fill-path');
    expect(shadow?.kind === 'fill-path' && shadow.path.flatMap((p) => ('x' in p ? [p.x, p.y] : []))).toEqual([115, 205, 196, 205, 196, 246, 115, 246]);
    // Chromium: the image drawn 31 × 21 at (210, 100)
    expect(list.flatMap((item) => (item.kind === 'image' ? [rectOf(item.rect)] : []))).toEqual([[210, 100, 31, 21]]);
  });

  it('draws an outline around the snapped border box', async () => {
    const list = await items(`${PAGE} div { position: absolute; left: 10.3px; top: 200.3px; width: 80.4px; height: 40.4px; outline: 2px solid green }</style><div></div>`);
    // Chromium strokes `9 199 83 43 re` 2px wide: the ring from 8 to 93 across, 198 to 243 down
    const xs = list.flatMap((item) => (item.kind === 'fill-path' ? item.path.flatMap((s) => ('x' in s ? [s.x] : [])) : []));
    const ys = list.flatMap((item) => (item.kind === 'fill-path' ? item.path.flatMap((s) => ('y' in s ? [s.y] : [])) : []));
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([8, 93, 198, 243]);
    expect([...xs, ...ys].every(Number.isInteger)).toBe(true);
  });

  it('positions a background image from the snapped box', async () => {
    const [page] = await rasterize(await renderPdf(`${PAGE} div { position: absolute; left: 10.3px; top: 100.3px; width: 80.4px; height: 40.4px; background: url(${TILE}) 0.4px 0.4px }</style><div></div>`));
    // Chromium: the 4px tiles' grid (blue 2 × 2 in a red tile) from (10 + 0.4, 100 + 0.4), clipped to 10 100 81 41;
    // from the exact box, (10.7, 100.7), the grid would start a pixel further
    const blue = (row: string): number[] => [...row.slice(0, 20)].flatMap((c, x) => (c === 'B' ? [x] : []));
    expect(blue(page![100]!)).toEqual([10, 11, 14, 15, 18, 19]);
    expect(blue(page![101]!)).toEqual([10, 11, 14, 15, 18, 19]);
    expect(blue(page![102]!)).toEqual([]);
  });

  it('paints a box under a rotation or a scale from its position rounded, its content snapped in that frame', async () => {
    const list = await items(`${PAGE} .s, .h { position: absolute; width: 80.4px; height: 40.4px; background: green }
      .s { left: 10.3px; top: 20.3px; transform: scale(1.5); transform-origin: 0 0 }
      .h { left: 210.3px; top: 100.3px; transform: rotate(10deg) }
      .i { position: absolute; left: 10.4px; top: 7.6px; width: 20px; height: 20px; background: red }</style>
      <div class=s><div class=i></div></div><div class=h></div>`);
    const drawn = (item: DisplayItem): number[] => (item.kind === 'push-transform' ? item.matrix.map((v) => Math.round(v * 1000) / 1000) : item.kind === 'fill-rect' ? rectOf(item.rect) : []);
    // Chromium 156: the scaled box turned from (10, 20), `0 0 80 40 re`, its child `10 8 20 20 re` in it (on the page 25, 32);
    // the rotated one `0 0 80 40 re` with its corner at (214.117, 93.327)
    expect(list.map(drawn).filter((v) => v.length > 0)).toEqual([
      [1.5, 0, 0, 1.5, -5, -10], [10, 20, 80, 40], [20, 28, 20, 20],
      [0.985, 0.174, -0.174, 0.985, 24.674, -41.621], [210, 100, 80, 40],
    ]);
  });

  it('clips overflow to the snapped padding box', async () => {
    const list = await items(`${PAGE} .o { position: absolute; left: 10.3px; top: 20.3px; width: 80.4px; height: 40.4px; overflow: hidden; border: 1px solid transparent }
      .i { width: 300px; height: 300px; background: green }</style><div class=o><div class=i></div></div>`);
    // Chromium: the padding box from (11.3, 21.3), 80.4 × 40.4, clips to `11 21 81 41 re W n`; the child's background `11 21 300 300 re`
    expect(list.flatMap((item) => (item.kind === 'push-clip' ? [rectOf(item.rect)] : []))).toEqual([[11, 21, 81, 41]]);
    expect(fills(list)).toEqual([[11, 21, 300, 300]]);
  });

  it('paints a collapsed table\'s rules between rows 18.4px tall as one crisp pixel each', async () => {
    const html = `${PAGE} table { position: absolute; left: 10.4px; top: 60.3px; border-collapse: collapse }
      td { border: 1px solid black; height: 17.4px; padding: 0; width: 40.3px; font-size: 1px }</style>
      <table><tr><td></td><td></td></tr><tr><td></td><td></td></tr><tr><td></td><td></td></tr></table>`;
    // Chromium: rules at y 60, 79, 97 (and 115: its layout units make the last row 1/64px shorter) and x 10, 52, 93
    const rules = fills(await items(html));
    expect(rules.every((r) => r.every(Number.isInteger))).toBe(true);
    expect([...new Set(rules.filter((r) => r[3] === 1).map((r) => r[1]))]).toEqual([60, 79, 97, 116]);
    expect([...new Set(rules.filter((r) => r[2] === 1).map((r) => r[0]))]).toEqual([10, 52, 93]);
    // down the middle of the first column: each rule one black pixel, nothing grey beside it
    const dark = await column(await renderPdf(html), 30);
    const inked = dark.flatMap((v, y) => (v > 0 ? [[y, v]] : []));
    expect(inked).toEqual([[60, 255], [79, 255], [97, 255], [116, 255]]);
  });
});
