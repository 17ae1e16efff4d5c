/**
 * The scrollbars a scroll container prints (paint/scrollbars.ts). Every expected shape is one
 * Chromium 156 prints for the same page (its PDF's path operators, in CSS px on the page): the
 * track and buttons as one `#fcfcfc` rect (Chromium draws each button's and the track's; they
 * join), the two arrows, the thumb's box.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathSegment } from '../../src/paint/display-list.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';
import { renderPixels } from '../helpers/render.js';

const PAGE = '<!doctype html><style>@page { size: 400px 500px; margin: 0 } body { margin: 0 } div { position: absolute; left: 10px; width: 200px; border: 1px solid red }</style>';

type Shape = readonly [string, ...number[]];

/** The scrollbars' shapes: `track x y w h`, `arrows` with their points, `thumb x y w h` (`track`/`part`: their colours' red). */
async function shapes(body: string, track = 252, part = 139): Promise<Shape[]> {
  const doc = await layoutInFrames(PAGE + body);
  const out: Shape[] = [];
  for (const item of paintPage(doc.pages[0]!).items) {
    if (item.kind === 'fill-rect' && item.color.r === track) out.push(['track', item.rect.x, item.rect.y, item.rect.width, item.rect.height]);
    else if (item.kind === 'fill-path' && item.color.r === part) out.push(pathShape(item));
  }
  return out;
}

function pathShape(item: Extract<DisplayItem, { kind: 'fill-path' }>): Shape {
  const points = item.path.filter((s): s is Extract<PathSegment, { x: number }> => s.op !== 'close').map((s) => [s.x, s.y] as const);
  if (item.path.some((s) => s.op === 'curve')) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x, y] = [Math.min(...xs), Math.min(...ys)];
    return ['thumb', x, y, Math.max(...xs) - x, Math.max(...ys) - y];
  }
  return ['arrows', ...points.flat()];
}

describe('scrollbars', () => {
  it('a horizontal bar with a thumb as long as the share that shows', async () => {
    expect(await shapes('<div style="top: 10px; height: 60px; overflow-x: scroll; overflow-y: hidden"><p style="width: 500px; height: 20px; margin: 0"></p></div>')).toEqual([
      ['track', 11, 56, 200, 15],
      ['arrows', 21, 59, 21, 68, 16, 63.5, 200, 59, 200, 68, 205, 63.5],
      ['thumb', 29, 59, 66, 9],
    ]);
  });

  it('both bars and their corner, with nothing to scroll: no thumb', async () => {
    expect(await shapes('<div style="top: 100px; height: 60px; overflow: scroll"></div>')).toEqual([
      ['track', 196, 101, 15, 45],
      ['arrows', 199, 112, 208, 112, 203.5, 107, 199, 134, 208, 134, 203.5, 139],
      ['track', 11, 146, 185, 15],
      ['arrows', 21, 149, 21, 158, 16, 153.5, 185, 149, 185, 158, 190, 153.5],
      ['track', 196, 146, 15, 15],
    ]);
  });

  it('a thumb at least 17px long, at the track\'s start', async () => {
    const bars = await shapes('<div style="top: 200px; height: 100px; overflow: scroll"><p style="width: 300px; height: 400px; margin: 0"></p></div>');
    expect(bars.filter((s) => s[0] === 'thumb')).toEqual([['thumb', 199, 219, 9, 17], ['thumb', 29, 289, 92, 9]]);
  });

  it('a textarea whose text overflows: short buttons, a thumb cut to the track, the grip\'s corner', async () => {
    const body = '<textarea style="position: absolute; left: 10px; top: 10px" rows="2" cols="20">line one\nline two\nline three\nline four</textarea>'
      + '<textarea style="position: absolute; left: 196px; top: 10px; white-space: pre" rows="2" cols="20">a very long line that cannot wrap at all here</textarea>';
    expect(await shapes(body)).toEqual([
      ['track', 176, 11, 15, 19],
      ['arrows', 179, 18, 188, 18, 183.5, 13, 179, 23, 188, 23, 183.5, 28],
      ['thumb', 179, 20, 9, 1],
      ['track', 176, 30, 15, 15],
      ['track', 197, 30, 165, 15],
      ['arrows', 207, 33, 207, 42, 202, 37.5, 351, 33, 351, 42, 356, 37.5],
      ['thumb', 215, 33, 64, 9],
      ['track', 362, 30, 15, 15],
    ]);
  });

  it('spaces hanging at a wrapped line\'s end scroll nothing; a box too small for a bar prints none', async () => {
    const body = '<textarea style="position: absolute; left: 10px; top: 10px; width: 40px; height: 30px">Hi there you all</textarea>'
      + '<textarea style="position: absolute; left: 10px; top: 60px; width: 12px; height: 8px">Hi</textarea>';
    // only the vertical bar, ending at the grip's corner (Chromium: the same rects)
    expect((await shapes(body)).filter((s) => s[0] === 'track')).toEqual([['track', 40, 11, 15, 19], ['track', 40, 30, 15, 15]]);
  });

  it('scrollbar-color paints the thumb and arrows, and the track, buttons and corner', async () => {
    const body = '<div style="top: 10px; height: 60px; overflow: scroll; scrollbar-color: rgb(200, 0, 0) rgb(0, 0, 250)"><p style="width: 500px; height: 200px; margin: 0"></p></div>';
    expect(await shapes(body, 0, 200)).toEqual([
      ['track', 196, 11, 15, 45],
      ['arrows', 199, 22, 208, 22, 203.5, 17, 199, 44, 208, 44, 203.5, 49],
      ['thumb', 199, 29, 9, 9],
      ['track', 11, 56, 185, 15],
      ['arrows', 21, 59, 21, 68, 16, 63.5, 185, 59, 185, 68, 190, 63.5],
      ['thumb', 29, 59, 55, 9],
      ['track', 196, 56, 15, 15],
    ]);
  });

  it('a thin bar: 10px, its arrows 6px across and 4px deep', async () => {
    const body = '<div style="top: 100px; height: 60px; overflow: scroll; scrollbar-width: thin"><p style="width: 500px; height: 200px; margin: 0"></p></div>';
    expect(await shapes(body)).toEqual([
      ['track', 201, 101, 10, 50],
      ['arrows', 203, 108, 209, 108, 206, 104, 203, 144, 209, 144, 206, 148],
      ['thumb', 203, 113, 6, 11],
      ['track', 11, 151, 190, 10],
      ['arrows', 17, 153, 17, 159, 13, 156, 195, 153, 195, 159, 199, 156],
      ['thumb', 23, 153, 63, 6],
      ['track', 201, 151, 10, 10],
    ]);
  });

  it('right-to-left content is printed scrolled to its start: the thumb at the track\'s end', async () => {
    const bars = await shapes('<div style="top: 10px; height: 60px; overflow-x: scroll; overflow-y: hidden; direction: rtl"><p style="width: 500px; height: 20px; margin: 0"></p></div>');
    expect(bars.filter((s) => s[0] === 'thumb')).toEqual([['thumb', 127, 59, 66, 9]]);
  });

  it('none with scrollbar-width: none, nor on a box broken across pages', async () => {
    expect(await shapes('<div style="top: 10px; height: 60px; overflow: scroll; scrollbar-width: none"></div>')).toEqual([]);
    const lines = Array.from({ length: 80 }, (_, i) => `line ${i}`).join('\n');
    const doc = await layoutInFrames(`${PAGE}<pre style="overflow: scroll; margin: 0">${lines}</pre>`);
    expect(doc.pages.length).toBeGreaterThan(1);
    const painted = doc.pages.flatMap((p) => paintPage(p).items).filter((i) => i.kind === 'fill-rect' && i.color.r === 252);
    expect(painted).toEqual([]);
  });

  it('a box broken across pages shows its content down to the page end, its bar\'s room at its end only', async () => {
    // a <pre> with overflow: auto and one long line, across a page: Chromium draws its first page
    // down to the page end (the last line before the break whole), the bar's room after its end
    const page = await renderPixels(`<style>@page { size: 20px 40px; margin: 0 } body { margin: 0 } p { margin: 0 }</style>
      <div style="overflow: auto"><p style="width: 30px; height: 20px; background: blue"></p><p style="height: 40px; background: red"></p></div>`);
    expect(page[0]!.map((row) => row[0]).join('')).toBe('B'.repeat(20) + 'R'.repeat(20));
    // Chromium clips its last fragment 15px short of its content too (5 of the 20 red rows show):
    // not followed, the content shows whole and the room follows it
    expect(page[1]!.map((row) => row[0]).join('')).toBe('R'.repeat(20) + '_'.repeat(20));
  });

  it('the content is clipped between the bars, as Chromium clips it', async () => {
    const doc = await layoutInFrames(`${PAGE}<div style="top: 10px; height: 60px; overflow: scroll"><p style="width: 500px; height: 200px; margin: 0; background: blue"></p></div>`);
    const clips = paintPage(doc.pages[0]!).items.filter((i) => i.kind === 'push-clip').map((i) => i.kind === 'push-clip' && i.rect);
    expect(clips).toEqual([{ x: 11, y: 11, width: 185, height: 45 }]);
  });
});
