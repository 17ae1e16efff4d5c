/**
 * A list marker's symbol drawn as Chromium draws it (Blink's ListMarkerPainter::PaintSymbol): a
 * filled disc, a 1 px stroked circle or a filled square in the box snapped to whole pixels, or a
 * disclosure triangle pointing down (open) or to the inline end (closed), in the marker's colour.
 * The text's glyphs are written unpainted after it, so that a reader copying the list still gets
 * its bullet. Like Chromium, no text shadow or decoration is drawn on the symbol.
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { MarkerSymbol, TextFragment } from '../layout/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { ellipsePath } from './svg-geometry.js';
import { glyphsItem } from './text.js';

/** The symbol of a marker's text fragment, in the frame of its parent, whose origin is at (originX, originY) on the page. */
export function paintListSymbol(fragment: TextFragment, symbol: MarkerSymbol, originX: number, originY: number): DisplayItem[] {
  const color = fragment.style.color;
  const baseline = fragment.baseline + originY;
  const box: Rect = { x: fragment.x + originX + symbol.x, y: baseline + symbol.y, width: symbol.width, height: symbol.height };
  // the key added to the fresh item, not spread from it (a new hidden class per call on Node 20)
  const unpainted = fragment.runs.filter((run) => run.run.glyphs.length > 0).map((run): DisplayItem => Object.assign(glyphsItem(run, run.x + originX, baseline, color), { invisible: true }));
  return [...symbolItems(symbol, box, fragment.style.direction === 'rtl', color), ...unpainted];
}

function symbolItems(symbol: MarkerSymbol, box: Rect, rtl: boolean, color: Color): DisplayItem[] {
  if (box.width <= 0 || box.height <= 0 || color.a <= 0) return [];
  const snapped = pixelSnapped(box);
  switch (symbol.type) {
    case 'disc':
      return [{ kind: 'fill-path', path: ellipseIn(snapped), color }];
    case 'circle':
      return [{ kind: 'stroke-path', path: ellipseIn(snapped), color, width: 1, lineCap: 'butt' }];
    case 'square':
      return [{ kind: 'fill-rect', rect: snapped, color }];
    case 'disclosure-open':
      return [{ kind: 'fill-path', path: triangle(box, DOWN), color }];
    case 'disclosure-closed':
      return [{ kind: 'fill-path', path: triangle(box, rtl ? LEFT : RIGHT), color }];
  }
}

/** Blink's canonical disclosure triangles, in a unit box. */
const DOWN: readonly (readonly [number, number])[] = [[0, 0.07], [0.5, 0.93], [1, 0.07]];
const RIGHT: readonly (readonly [number, number])[] = [[0, 0], [0.86, 0.5], [0, 1]];
const LEFT: readonly (readonly [number, number])[] = [[1, 0], [0.14, 0.5], [1, 1]];

function triangle(box: Rect, points: readonly (readonly [number, number])[]): PathSegment[] {
  const at = ([u, v]: readonly [number, number]): { x: number; y: number } => ({ x: box.x + u * box.width, y: box.y + v * box.height });
  const [first, ...rest] = points.map(at);
  return [{ op: 'move', ...first! }, ...rest.map((point): PathSegment => ({ op: 'line', ...point })), { op: 'close' }];
}

function ellipseIn(rect: Rect): PathSegment[] {
  return ellipsePath(rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width / 2, rect.height / 2);
}

/** The rect with its edges rounded to whole pixels (Blink's ToPixelSnappedRect). */
function pixelSnapped(rect: Rect): Rect {
  const x = Math.round(rect.x);
  const y = Math.round(rect.y);
  return { x, y, width: Math.round(rect.x + rect.width) - x, height: Math.round(rect.y + rect.height) - y };
}
