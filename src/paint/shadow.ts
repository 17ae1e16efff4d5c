/**
 * `box-shadow` (CSS Backgrounds 3 §7.1): outer shadows under the background, drawn only outside
 * the border box; inset shadows over the background, inside the padding box. Spread grows or
 * shrinks the shape and its radii (§7.1.1); blur is a pre-blurred alpha mask (shadow-mask.ts).
 * The first shadow is on top, so they are painted last to first.
 */
import type { BoxShadow } from '../css/image-types.js';
import type { Rect, Sides } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { insetRadii } from '../css/values/radii.js';
import { shadowMask } from './shadow-mask.js';
import { heldMaskArea, heldShadow } from './effect-lengths.js';

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: Math.max(0, rect.width + 2 * by), height: Math.max(0, rect.height + 2 * by) };
}

/** §7.1.1: radii grow with a positive spread (a square corner stays square) and shrink with a negative one. */
function spreadRadii(radii: Radii, spread: number): Radii {
  return radii.map((r) => (r > 0 ? Math.max(0, r + spread) : 0)) as unknown as Radii;
}

const offset = (rect: Rect, s: BoxShadow): Rect => ({ ...rect, x: rect.x + s.x, y: rect.y + s.y });

/** Everything but the (rounded) rect: a clip for what lies outside it. */
function outsideOf(rect: Rect, radii: Radii, margin: number): PathSegment[] {
  const far = grow(rect, margin);
  return [...roundedRectPath(far, [0, 0, 0, 0, 0, 0, 0, 0]), ...roundedRectPath(rect, radii)];
}

/** How far past the border box an outer shadow may paint, px: its offset, spread and blur (the mask reaches 1.5 blurs), with a margin. */
export function outerShadowReach(s: BoxShadow): number {
  return Math.abs(s.x) + Math.abs(s.y) + Math.abs(s.spread) + 2 * s.blur + 2;
}

function outerShadow(border: Rect, radii: Radii, s: BoxShadow): DisplayItem[] {
  const shape = grow(offset(border, s), s.spread);
  const shapeRadii = spreadRadii(radii, s.spread);
  if (s.color.a <= 0 || shape.width <= 0 || shape.height <= 0) return [];
  const clip: DisplayItem = { kind: 'push-clip-path', path: outsideOf(border, radii, outerShadowReach(s)), evenOdd: true };
  if (s.blur <= 0) return [clip, { kind: 'fill-path', path: roundedRectPath(shape, shapeRadii), color: s.color }, { kind: 'pop-clip' }];
  const area = heldMaskArea(grow(shape, 1.5 * s.blur));
  if (area === undefined) return [];
  const mask = shadowMask({ area, shape, radii: shapeRadii, blur: s.blur, invert: false });
  const blurOf = { path: roundedRectPath(shape, shapeRadii), evenOdd: false, sigma: s.blur / 2 };
  return [clip, { kind: 'alpha-mask', rect: area, color: s.color, mask, blurOf }, { kind: 'pop-clip' }];
}

/** An inset shadow inside `padding`, cast by the hole `hole` (the padding box, or past a fragment's cuts) offset and shrunk by the spread. */
function insetShadow(padding: Rect, radii: Radii, s: BoxShadow, hole: Rect = padding): DisplayItem[] {
  if (s.color.a <= 0 || padding.width <= 0 || padding.height <= 0) return [];
  const shape = grow(offset(hole, s), -s.spread);
  const shapeRadii = spreadRadii(radii, -s.spread);
  const clip: DisplayItem = { kind: 'push-clip', rect: padding, radii };
  if (s.blur <= 0) {
    const path = shape.width > 0 && shape.height > 0 ? outsideOf(shape, shapeRadii, Math.abs(s.x) + Math.abs(s.y) + padding.width + padding.height) : roundedRectPath(padding, radii);
    return [clip, { kind: 'fill-path', path, color: s.color, evenOdd: true }, { kind: 'pop-clip' }];
  }
  const area = heldMaskArea(grow(padding, 1.5 * s.blur));
  if (area === undefined) return [];
  const mask = shadowMask({ area, shape, radii: shapeRadii, blur: s.blur, invert: true });
  // the inverse of the shape: everything around it, far enough that the blur cannot reach its outer edge
  const around = shape.width > 0 && shape.height > 0 ? outsideOf(shape, shapeRadii, 3 * s.blur + padding.width + padding.height) : roundedRectPath(grow(padding, 3 * s.blur), radii);
  const blurOf = { path: around, evenOdd: true, sigma: s.blur / 2 };
  return [clip, { kind: 'alpha-mask', rect: area, color: s.color, mask, blurOf }, { kind: 'pop-clip' }];
}

function paddingBox(f: PlacedBox, border: Rect): Rect {
  const b: Sides = f.border;
  return { x: border.x + b.left, y: border.y + b.top, width: Math.max(0, border.width - b.left - b.right), height: Math.max(0, border.height - b.top - b.bottom) };
}

/**
 * The sides where a fragment is cut from the rest of its box (CSS Fragmentation 3 §5.4, slice):
 * its outer shadows are those of the whole box, sliced, so none shows along a cut (its inset ones,
 * Chromium's, paintInsetShadows). A block's fragment is cut at a page or column break, an inline
 * box's at a line break; `clone` cuts none.
 */
function cutSides(f: PlacedBox): { readonly top: boolean; readonly right: boolean; readonly bottom: boolean; readonly left: boolean } | undefined {
  if (f.inlineEdges !== undefined) {
    const { left, right } = f.inlineEdges;
    return left && right ? undefined : { top: false, bottom: false, left: !left, right: !right };
  }
  if (f.style.boxDecorationBreak === 'clone' || (!f.continuedBefore && !f.continuedAfter)) return undefined;
  return { top: f.continuedBefore, bottom: f.continuedAfter, left: false, right: false };
}

type Cut = NonNullable<ReturnType<typeof cutSides>>;

/** `rect` carried `by` past each cut side: the whole box's edge is that far away. */
function pastCuts(rect: Rect, cut: Cut, by: number): Rect {
  const left = cut.left ? by : 0;
  const top = cut.top ? by : 0;
  return { x: rect.x - left, y: rect.y - top, width: rect.width + left + (cut.right ? by : 0), height: rect.height + top + (cut.bottom ? by : 0) };
}

/** The band a cut fragment's shadows stay in: bounded at its cut sides only. */
function bandOf(border: Rect, cut: Cut, reach: number): Rect {
  return pastCuts(border, { top: !cut.top, right: !cut.right, bottom: !cut.bottom, left: !cut.left }, reach);
}

/** `items` painted inside `band` only. */
const inBand = (band: Rect, items: DisplayItem[]): DisplayItem[] => (items.length === 0 ? items : [{ kind: 'push-clip', rect: band, radii: [0, 0, 0, 0, 0, 0, 0, 0] }, ...items, { kind: 'pop-clip' }]);

/** The outer shadows of `f`, its border box painted at `border` (placed.ts paintedBorderBox). */
export function paintOuterShadows(f: PlacedBox, border: Rect, radii: Radii): DisplayItem[] {
  const shadows = f.style.boxShadow;
  if (shadows.length === 0) return [];
  const cut = cutSides(f);
  return [...shadows].reverse().filter((s) => !s.inset).flatMap((s) => {
    const shadow = heldShadow(s);
    if (cut === undefined) return outerShadow(border, radii, shadow);
    const reach = outerShadowReach(shadow);
    return inBand(bandOf(border, cut, reach), outerShadow(pastCuts(border, cut, 2 * reach), radii, shadow));
  });
}

/**
 * The inset shadows of `f`, its border box painted at `border`. A cut fragment's are its own, as
 * Chromium paints them (BoxPainterBase::PaintInsetBoxShadow): the hole is its padding box carried
 * past each cut side by the blur and by the offset toward that side, then shrunk by the spread on
 * every side — so a spread ring closes along the cut, its corners there square (the fragment's
 * radii), and an offset or blurred shadow fades out toward it.
 */
export function paintInsetShadows(f: PlacedBox, border: Rect, radii: Radii): DisplayItem[] {
  const shadows = f.style.boxShadow;
  if (shadows.length === 0) return [];
  const inner = insetRadii(radii, f.border);
  const padding = paddingBox(f, border);
  const cut = cutSides(f);
  return [...shadows].reverse().filter((s) => s.inset).flatMap((s) => {
    const shadow = heldShadow(s);
    return insetShadow(padding, inner, shadow, cut === undefined ? padding : holePastCuts(padding, cut, shadow));
  });
}

/** Blink's AdjustRectForSideClipping: the hole carried past each cut side by the blur and the offset toward it. */
function holePastCuts(rect: Rect, cut: Cut, s: BoxShadow): Rect {
  const left = cut.left ? Math.max(s.x, 0) + s.blur : 0;
  const top = cut.top ? Math.max(s.y, 0) + s.blur : 0;
  const right = cut.right ? s.blur - Math.min(s.x, 0) : 0;
  const bottom = cut.bottom ? s.blur - Math.min(s.y, 0) : 0;
  return { x: rect.x - left, y: rect.y - top, width: rect.width + left + right, height: rect.height + top + bottom };
}
