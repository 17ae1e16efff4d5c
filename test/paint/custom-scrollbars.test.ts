/**
 * Chromium's custom scrollbars (`::-webkit-scrollbar` and its parts: paint/custom-scrollbars.ts).
 * Every expected shape is one Chromium 156 prints for the same page: its PDF's fills, their
 * colours and rects (a rounded thumb by its path's bounds), in CSS px on the page, in its order.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem, PathSegment } from '../../src/paint/display-list.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';
import { renderPage } from '../helpers/render.js';

const PAGE = '<!doctype html><style>@page { size: 400px 500px; margin: 0 } body { margin: 0 } div { position: absolute; left: 10px; width: 200px; border: 1px solid #808080 }';

type Shape = readonly [string, number, number, number, number];

/** The page's fills but the boxes' grey borders: `#rrggbb x y w h`. */
async function fills(css: string, body: string): Promise<Shape[]> {
  const doc = await layoutInFrames(`${PAGE}${css}</style>${body}`);
  return paintPage(doc.pages[0]!).items.flatMap((item): Shape[] => {
    if (item.kind !== 'fill-rect' && item.kind !== 'fill-path') return [];
    if (item.color.r === 128 && item.color.g === 128) return [];
    const hex = `#${[item.color.r, item.color.g, item.color.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    const r = item.kind === 'fill-rect' ? item.rect : bounds(item);
    return [[hex, r.x, r.y, r.width, r.height]];
  });
}

function bounds(item: Extract<DisplayItem, { kind: 'fill-path' }>): { x: number; y: number; width: number; height: number } {
  const points = item.path.filter((s): s is Extract<PathSegment, { x: number }> => s.op !== 'close');
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

describe('custom scrollbars', () => {
  it('a track and a rounded thumb as long as the share that shows, at least 17px', async () => {
    const css = '.a::-webkit-scrollbar { width: 8px } .a::-webkit-scrollbar-track { background: #00ff00 } .a::-webkit-scrollbar-thumb { background: #0000ff; border-radius: 4px }';
    expect(await fills(css, '<div class="a" style="top: 0; height: 40px; overflow: auto"><p style="height: 100px; margin: 0"></p></div>')).toEqual([
      ['#00ff00', 203, 1, 8, 40],
      ['#0000ff', 203, 1, 8, 17],
    ]);
    // Chromium applies no opacity or transform to a part, and draws none that is hidden
    const applied = '.b::-webkit-scrollbar { width: 10px } .b::-webkit-scrollbar-thumb { background: #000000; opacity: 0.5; transform: translateX(5px) }'
      + ' .b.c::-webkit-scrollbar-thumb { visibility: hidden }';
    const body = '<div class="b" style="top: 0; height: 100px; overflow: auto"><p style="height: 200px; margin: 0"></p></div>'
      + '<div class="b c" style="top: 220px; height: 100px; overflow: auto"><p style="height: 200px; margin: 0"></p></div>';
    const doc = await layoutInFrames(`${PAGE}${applied}</style>${body}`);
    const items = paintPage(doc.pages[0]!).items;
    expect(await fills(applied, body)).toEqual([['#000000', 201, 1, 10, 50]]);
    expect(items.some((i) => i.kind === 'push-opacity' || i.kind === 'push-transform')).toBe(false);
  });

  it('the bars\' backgrounds, a 15px horizontal bar where only a width is given, a white corner', async () => {
    const css = '.b::-webkit-scrollbar { width: 10px; height: 10px; background: #0000ff } .c::-webkit-scrollbar { width: 6px; background: #00ff00 }';
    expect(await fills(css, '<div class="b" style="top: 50px; height: 40px; overflow: scroll"></div><div class="c" style="top: 100px; height: 40px; overflow: scroll"></div>')).toEqual([
      ['#0000ff', 11, 81, 190, 10],
      ['#0000ff', 201, 51, 10, 30],
      ['#ffffff', 201, 81, 10, 10],
      ['#00ff00', 11, 126, 194, 15],
      ['#00ff00', 205, 101, 6, 25],
      ['#ffffff', 205, 126, 6, 15],
    ]);
  });

  it('single buttons, or all four with display: block, and the thumb between them', async () => {
    const css = '.d::-webkit-scrollbar, .e::-webkit-scrollbar { width: 10px } .d::-webkit-scrollbar-button { background: #ff0000; height: 12px }'
      + ' .e::-webkit-scrollbar-button { display: block; background: #ff00ff; height: 10px } ::-webkit-scrollbar-thumb { background: #000000 }';
    const body = '<div class="d" style="top: 150px; height: 60px; overflow: auto"><p style="height: 150px; margin: 0"></p></div>'
      + '<div class="e" style="top: 220px; height: 60px; overflow: auto"><p style="height: 150px; margin: 0"></p></div>';
    expect(await fills(css, body)).toEqual([
      ['#ff0000', 201, 151, 10, 12],
      ['#ff0000', 201, 199, 10, 12],
      ['#000000', 201, 163, 10, 17],
      ['#ff00ff', 201, 221, 10, 10],
      ['#ff00ff', 201, 261, 10, 10],
      ['#ff00ff', 201, 231, 10, 10],
      ['#ff00ff', 201, 271, 10, 10],
      ['#000000', 201, 241, 10, 17],
    ]);
  });

  it('track pieces split at the thumb\'s middle; a thumb\'s min-height; :enabled and :disabled', async () => {
    const css = '.f::-webkit-scrollbar, .g::-webkit-scrollbar { width: 10px } .f::-webkit-scrollbar-track-piece { background: #00ff00 }'
      + ' .f::-webkit-scrollbar-track-piece:start { background: #0000ff } .f::-webkit-scrollbar-thumb { background: #000000 }'
      + ' .g::-webkit-scrollbar-thumb { background: #ff0000; min-height: 60px } .g::-webkit-scrollbar-track:disabled { background: #00ff00 }'
      + ' .g::-webkit-scrollbar-track:enabled { background: #0000ff }';
    const body = '<div class="f" style="top: 290px; height: 60px; overflow: auto"><p style="height: 150px; margin: 0"></p></div>'
      + '<div class="g" style="top: 360px; height: 40px; overflow-y: scroll"></div>'
      + '<div class="g" style="top: 410px; height: 80px; overflow-y: scroll"><p style="height: 150px; margin: 0"></p></div>';
    expect(await fills(css, body)).toEqual([
      ['#0000ff', 201, 291, 10, 12],
      ['#00ff00', 201, 303, 10, 48],
      ['#000000', 201, 291, 10, 24],
      ['#00ff00', 201, 361, 10, 40],
      ['#0000ff', 201, 411, 10, 80],
      ['#ff0000', 201, 411, 10, 60],
    ]);
  });

  it('a part\'s auto length: a button\'s 15px, a thumb\'s 17px; a thumb\'s own height is its least', async () => {
    const css = '.a::-webkit-scrollbar { width: 10px } .e::-webkit-scrollbar { height: 10px } .a::-webkit-scrollbar-button, .e::-webkit-scrollbar-button { background: #ff0000 }'
      + ' ::-webkit-scrollbar-thumb { background: #000000 } .b::-webkit-scrollbar { width: 10px } .b::-webkit-scrollbar-thumb { height: 5px }';
    const body = '<div class="a" style="top: 0; height: 100px; overflow: auto"><p style="height: 1000px; margin: 0"></p></div>'
      + '<div class="b" style="top: 110px; height: 100px; overflow: auto"><p style="height: 1000px; margin: 0"></p></div>'
      + '<div class="e" style="top: 440px; height: 40px; overflow: auto"><p style="height: 10px; width: 2000px; margin: 0"></p></div>';
    expect(await fills(css, body)).toEqual([
      ['#ff0000', 201, 1, 10, 15],
      ['#ff0000', 201, 86, 10, 15],
      ['#000000', 201, 16, 10, 17],
      ['#000000', 201, 111, 10, 10],
      ['#ff0000', 11, 471, 15, 10],
      ['#ff0000', 196, 471, 15, 10],
      ['#000000', 26, 471, 17, 10],
    ]);
  });

  it('right-to-left: the vertical bar at the left, the horizontal thumb at the track\'s end, its back piece before it', async () => {
    const css = '.a::-webkit-scrollbar { width: 10px; height: 10px } .a::-webkit-scrollbar-thumb { background: #000000 } .a::-webkit-scrollbar-track { background: #00ff00 }'
      + ' .a::-webkit-scrollbar-track-piece:start { background: #0000ff }';
    expect(await fills(css, '<div class="a" style="top: 0; height: 60px; overflow: scroll; direction: rtl"><p style="height: 150px; width: 400px; margin: 0"></p></div>')).toEqual([
      ['#00ff00', 21, 51, 190, 10],
      ['#0000ff', 21, 51, 145, 10],
      ['#000000', 121, 51, 90, 10],
      ['#00ff00', 11, 1, 10, 50],
      ['#0000ff', 11, 1, 10, 8],
      ['#000000', 11, 1, 10, 17],
      ['#ffffff', 11, 51, 10, 10],
    ]);
  });

  it('a textarea\'s bar, ending at its resize grip\'s corner', async () => {
    const css = 'body { margin: 10px } ::-webkit-scrollbar { width: 8px; height: 8px } ::-webkit-scrollbar-thumb { background: #ff0000; border-radius: 4px }'
      + ' ::-webkit-scrollbar-track { background: #00ff00 } textarea { position: absolute; top: 10px; border-color: #808080 }';
    const text = 'line one\nline two\nline three\nline four\nline five';
    const shapes = await fills(css, `<textarea rows="3" cols="20" style="left: 10px">${text}</textarea><textarea rows="3" cols="20" style="left: 196px; resize: none">${text}</textarea>`);
    expect(shapes.filter((s) => s[0] !== '#ffffff' || s[3] === 8)).toEqual([
      ['#00ff00', 183, 11, 8, 41],
      ['#ff0000', 183, 11, 8, 25],
      ['#ffffff', 183, 52, 8, 8],
      ['#00ff00', 369, 11, 8, 49],
      ['#ff0000', 369, 11, 8, 30],
    ]);
    // a horizontal bar alone ends at the grip's corner too
    const wide = await fills(css, '<textarea rows="2" cols="10" style="left: 10px; white-space: pre">a very long line that cannot wrap here at all</textarea>');
    expect(wide.filter((s) => s[0] !== '#ffffff' || s[3] === 8)).toEqual([['#00ff00', 11, 37, 92, 8], ['#ff0000', 11, 37, 25, 8], ['#ffffff', 103, 37, 8, 8]]);
  });

  it('a part\'s background image is loaded and drawn; a remote one is refused with a warning', async () => {
    const red = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';
    const html = `<!doctype html><style>@page { size: 20px 60px; margin: 0 } body { margin: 0 } div { width: 20px; height: 10px; overflow: auto }
      .a::-webkit-scrollbar { width: 4px } .a::-webkit-scrollbar-thumb { background: url(${red}); height: 2px }
      .b::-webkit-scrollbar { width: 4px } .b::-webkit-scrollbar-thumb { background: url(https://example.com/thumb.png) }</style>
      <div class="a"><p style="height: 40px; margin: 0"></p></div><div class="b"><p style="height: 40px; margin: 0"></p></div>`;
    const page = await renderPage(html, { expectDiagnostics: [{ code: 'resource', message: /example\.com\/thumb\.png: remote resources are not allowed/ }] });
    // the thumb: 10 × 10 / 40 rounded, 3px, at the top of the 4px bar
    expect(page.slice(0, 4)).toEqual(['________________RRRR', '________________RRRR', '________________RRRR', '____________________']);
  });
});
