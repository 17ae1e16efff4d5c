/**
 * The clip `overflow` puts on a box's descendants (CSS Overflow 3 §3): the padding box less its
 * scrollbars (layout/scrollbars.ts), curved like the padding edge when both axes clip.
 * `overflow: clip` and paint containment clip at the overflow clip edge instead (CSS Overflow 4
 * §3.2): the `overflow-clip-margin` box pushed out by its margin, its corners following the
 * border radii grown by the same amount. A replaced
 * element's content (its image) is always trimmed to the curve of its content edge (CSS
 * Backgrounds 3 §5.3): a photo with `border-radius: 50%` is drawn as a circle.
 */
import { scrollbarsOf } from '../layout/scrollbars.js';
import type { ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import { rectsApart } from '../geometry/rect.js';
import { type PlacedBox, snappedRect } from './placed.js';
import type { Matrix } from '../geometry/matrix.js';
import { referenceBox } from './clip-path.js';
import type { Radii } from '../css/values/radii.js';
import { hasRadii, NO_RADII } from '../css/values/radii.js';
import type { DisplayItem } from './display-list.js';
import { glyphsWithin } from './text.js';
import { drawsPastViewport } from './image.js';

/** An inline `<svg>` that draws past its viewport (`overflow: visible`, image.ts). */
export function svgDrawsPastBox(f: PlacedBox): boolean {
  return f.box.kind === 'replaced' && f.box.element?.name === 'svg' && drawsPastViewport(f.style);
}

export interface Clip {
  readonly rect: Rect;
  readonly radii: Radii;
}

/** Radii grown by `by` px, a square corner staying square (CSS Backgrounds 3 §7.1 spread rule). */
function grown(radii: Radii, by: number): Radii {
  return radii.map((r) => (r > 0 ? r + by : 0)) as unknown as Radii;
}

/**
 * The clip on the descendants of `f`, its border box at (x, y) on the page: on whole pixels, as
 * Chromium clips (its padding box at 11.3, 21.3 sized 80.4 × 40.4 clips to `11 21 81 41`; placed.ts
 * snappedRect, `frame` its quarter turn).
 */
export function overflowClip(f: PlacedBox, x: number, y: number, frame?: Matrix): Clip | undefined {
  // an inline <svg> with `overflow: visible` draws past its box, rounded corners or not, as Chromium draws it
  if (f.box.kind === 'replaced' && !svgDrawsPastBox(f)) {
    // inside the padding box, so it is the only clip its image needs; a square one is image.ts's
    const content = referenceBox(f, x, y, 'content-box');
    if (hasRadii(content.radii)) return content;
  }
  const style = f.style;
  const clips = (v: ComputedStyle['overflowX']): boolean => v !== 'visible' || style.contain.paint;
  const clipX = clips(style.overflowX);
  const clipY = clips(style.overflowY);
  if (!clipX && !clipY) return undefined;
  const edge = style.contain.paint || style.overflowX === 'clip' || style.overflowY === 'clip' ? style.overflowClipMargin : { box: 'padding-box' as const, margin: 0 };
  const ref = referenceBox(f, x, y, edge.box);
  const m = edge.margin;
  // a scroll container's content shows between its scrollbars, as Chromium clips it
  const bars = edge.box === 'padding-box' ? scrollbarsOf(f.box) : undefined;
  const left = ref.rect.x + (bars?.left ?? 0);
  const width = ref.rect.width - (bars === undefined ? 0 : bars.left + bars.right);
  // a box broken across pages keeps its horizontal bar's room at its end only (layout/scrollbars.ts):
  // a fragment that continues on the next page shows its content down to its padding edge
  const height = ref.rect.height - (f.continuedAfter ? 0 : bars?.bottom ?? 0);
  const box = snappedRect(left - m, ref.rect.y - m, Math.max(0, width) + 2 * m, Math.max(0, height) + 2 * m, frame);
  const far = 1e6;
  const rect: Rect = {
    x: clipX ? box.x : -far,
    y: clipY ? box.y : -far,
    width: clipX ? box.width : 3 * far,
    height: clipY ? box.height : 3 * far,
  };
  return { rect, radii: clipX && clipY ? grown(ref.radii, m) : NO_RADII };
}

/**
 * Whether `bounds` (ink that may be drawn, on the page) lies wholly outside one of `clips`: such
 * ink is not drawn at all, as Chromium's PDF leaves it out — text cut off by `overflow: hidden`
 * (the options past a list box's rows, the lines below a fixed-height box) is then neither
 * written, nor found by search, nor copied.
 */
export function clippedAway(bounds: Rect, clips: readonly Clip[]): boolean {
  for (const clip of clips) if (rectsApart(bounds, clip.rect)) return true;
  return false;
}

/** Whether `bounds` lies wholly inside every one of `clips`' rects. */
export function withinEveryClip(bounds: Rect, clips: readonly Clip[]): boolean {
  for (const { rect } of clips) {
    if (bounds.x < rect.x || bounds.y < rect.y || bounds.x + bounds.width > rect.x + rect.width || bounds.y + bounds.height > rect.y + rect.height) return false;
  }
  return true;
}

/** A clip 1px or less across: the visually-hidden pattern, which hides text from the eye only. */
export function visuallyHidden(clip: Clip): boolean {
  return clip.rect.width <= 1 || clip.rect.height <= 1;
}

/** Text items across a clip's edge, their glyph runs without the glyphs wholly outside it (other items as they are). */
export function withinClips(items: readonly DisplayItem[], clips: readonly Clip[]): DisplayItem[] {
  const rects = clips.map((clip) => clip.rect);
  const out: DisplayItem[] = [];
  for (const item of items) {
    if (item.kind !== 'glyphs') {
      out.push(item);
      continue;
    }
    const kept = glyphsWithin(item, rects);
    if (kept !== undefined) out.push(kept);
  }
  return out;
}
