/**
 * `paint-order` for glyphs (CSS Fill and Stroke 3 §6.1): a run both filled and stroked is one PDF
 * text object in render mode 2 (fill, then stroke); stroked first, it becomes two — the outlines
 * stroked, then filled over them, as Chromium paints `paint-order: stroke` — and the stroked copy
 * carries an empty ActualText, so that text extraction reads the words once.
 */
import type { PaintOrder } from '../css/model/types.js';
import { strokeBeforeFill } from '../css/values/paint-order.js';
import type { DisplayItem } from './display-list.js';

type GlyphsItem = Extract<DisplayItem, { kind: 'glyphs' }>;

const TRANSPARENT = { r: 0, g: 0, b: 0, a: 0 };

export function glyphsInPaintOrder(item: GlyphsItem, order: PaintOrder): GlyphsItem[] {
  if (item.stroke === undefined || item.color.a <= 0 || !strokeBeforeFill(order)) return [item];
  const { stroke, ...fill } = item;
  return [{ ...fill, color: TRANSPARENT, stroke, syntheticBold: 0, actualText: '' }, fill];
}
