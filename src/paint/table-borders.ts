/**
 * Collapsed table borders (CSS2 §17.6.2): the segments table layout resolved, painted over the
 * cells' backgrounds; column rules (CSS Multi-column 1 §4) are drawn the same way. Solid ones are rectangles; other styles go through the border painter as a
 * one-sided border so that dashes, dots and double lines look as they do on boxes.
 */
import { type PlacedBox, snappedRect } from './placed.js';
import type { Matrix } from '../geometry/matrix.js';
import type { DisplayItem } from './display-list.js';
import { paintBorder } from './border.js';
import { collapsedStyle } from './border-style.js';
import { NO_RADII } from '../css/values/radii.js';
import { fillRectItem } from './fill-rect.js';
import { appendAll } from '../append-all.js';
import type { Rect } from '../geometry/types.js';
import { rectPath } from './path.js';

/** Items painted only inside some rects (a table background layer's cells). */
export function clippedToRects(items: readonly DisplayItem[], rects: readonly Rect[]): DisplayItem[] {
  const path = rects.flatMap(rectPath);
  return [{ kind: 'push-clip-path', path }, ...items, { kind: 'pop-clip' }];
}

export function paintCollapsedBorders(f: PlacedBox, x: number, y: number, frame?: Matrix): DisplayItem[] {
  return paintBorderSegments(f, x, y, f.collapsedBorders, frame);
}

/**
 * Line segments relative to a box (collapsed borders, column rules), its border box at (x, y) on
 * the page: each snapped to whole pixels as Chromium paints them (placed.ts snappedRect; `frame` its quarter turn).
 */
export function paintBorderSegments(f: PlacedBox, x: number, y: number, segments: PlacedBox['collapsedBorders'], frame?: Matrix): DisplayItem[] {
  if (segments === undefined || f.style.visibility !== 'visible') return [];
  const out: DisplayItem[] = [];
  for (const s of segments) {
    if (s.color.a === 0) continue;
    const rect = snappedRect(x + s.x, y + s.y, s.width, s.height, frame);
    if (s.style === 'solid') {
      out.push(fillRectItem(rect, s.color));
      continue;
    }
    const side = s.vertical ? 'Left' : 'Top';
    const style = { ...f.style, [`border${side}Style`]: collapsedStyle(s.style), [`border${side}Color`]: s.color, [`border${side}Width`]: s.vertical ? s.width : s.height };
    const widths = s.vertical ? { top: 0, right: 0, bottom: 0, left: s.width } : { top: s.height, right: 0, bottom: 0, left: 0 };
    appendAll(out, paintBorder({ rect, widths, style, radii: NO_RADII }));
  }
  return out;
}
