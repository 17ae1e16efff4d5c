/**
 * A replaced element whose image did not load shows its `alt` text instead (HTML §4.8.4.4
 * "represents the text given by alt"), as browsers do: one line in the element's font and
 * colour at the top-left of its content box, clipped to it. The load already warned.
 */
import type { Rect } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import { fontRequestFromStyle } from '../text/request.js';
import type { TextSystem } from '../text/types.js';
import type { DisplayItem } from './display-list.js';
import { syntheticBoldWidth } from './text.js';

/** `f`'s alt text, its border box at (x, y) on the page. */
export function altTextItems(f: PlacedBox, x: number, y: number, text: TextSystem | undefined): DisplayItem[] {
  const box = f.box;
  if (text === undefined || box.kind !== 'replaced' || f.children.length > 0) return [];
  const alt = box.alt.replace(/\s+/g, ' ').trim();
  if (alt === '') return [];
  const content: Rect = {
    x: x + f.border.left + f.padding.left,
    y: y + f.border.top + f.padding.top,
    width: f.width - f.border.left - f.border.right - f.padding.left - f.padding.right,
    height: f.height - f.border.top - f.border.bottom - f.padding.top - f.padding.bottom,
  };
  if (content.width <= 0 || content.height <= 0) return [];
  const request = fontRequestFromStyle(f.style);
  const baseline = content.y + text.metrics(request).ascent;
  const items: DisplayItem[] = [];
  let pen = content.x;
  for (const run of text.shape(alt, request).runs) {
    items.push({
      kind: 'glyphs', x: pen, y: baseline, face: run.face, size: run.size, color: f.style.color, glyphs: run.glyphs, advances: run.glyphs.map((g) => g.advance),
      syntheticBold: run.face.syntheticBold ? syntheticBoldWidth(run.size) : 0, syntheticOblique: run.face.syntheticOblique,
    });
    pen += run.width;
  }
  return [{ kind: 'push-clip', rect: content }, ...items, { kind: 'pop-clip' }];
}
