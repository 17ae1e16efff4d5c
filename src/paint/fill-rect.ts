/**
 * Filled rectangles of the display list made by constructors, not object literals, for the painters
 * that make one per cell, border segment or decoration (a long table: tens of thousands a render).
 *
 * Why: V8 tracks each object-literal site and, when at a scavenge of a full-size new space most of
 * what the site made since the last one is still alive, allocates all its later objects straight in
 * old space ("allocation-site pretenuring"). The decision is never undone, and such a record that
 * dies at once still keeps every young object it points to alive, through the remembered set, until
 * the next mark-compact; so they are promoted too, and their sites look long-lived in turn. In the
 * 45-page report the collapsed-border items were decided so, and a render's old-space growth
 * doubled (stop 36 in bench/README.md). A class instance has no allocation site.
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem } from './display-list.js';

export class PaintedRect implements Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;

  constructor(x: number, y: number, width: number, height: number) {
    this.x = x;
    this.y = y;
    this.width = width;
    this.height = height;
  }
}

class FillRectItem {
  // the fields in the order the item's literal had them
  readonly kind = 'fill-rect';
  readonly rect: Rect;
  readonly color: Color;

  constructor(rect: Rect, color: Color) {
    this.rect = rect;
    this.color = color;
  }
}

export function fillRectItem(rect: Rect, color: Color): DisplayItem {
  return new FillRectItem(rect, color);
}
