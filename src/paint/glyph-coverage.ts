/**
 * The coverage of a run's glyphs for a blurred mask (text-shadow.ts), stamped glyph by glyph from
 * a coverage made once per glyph, size, mask scale and quarter-pixel phase. Covering a line's
 * outlines as polygons walked every edge crossing each sample row and made page-space points for
 * every glyph it met: a page of body text under `text-shadow: 1px 1px 4px` cost 0.2 s there, while
 * text repeats a few dozen glyphs. A stamp is placed at its glyph's origin rounded to a quarter of
 * a device pixel (at most an eighth off, under a blur of at least a device pixel). Stamps add up
 * and the sum is clamped to full coverage: glyphs that overlap (connected scripts) count once
 * where both cover a pixel wholly and a little more than their union where they share its edge.
 */
import { SYNTHETIC_OBLIQUE_SKEW } from '../text/types.js';
import type { Rect } from '../geometry/types.js';
import { glyphPolygons } from '../text/outline.js';
import type { Polygon } from '../text/outline.js';
import type { FontFace } from '../text/types.js';
import { BoundedCache } from '../cache/bounded.js';
import { boundsOf, polygonCoverage } from './coverage.js';
import type { DisplayItem } from './display-list.js';

/** A glyph to cover: its origin on the baseline, page px. */
export interface GlyphAt {
  readonly face: FontFace;
  readonly id: number;
  readonly size: number;
  /** Synthetic oblique: the outline skewed as the PDF writer skews it. */
  readonly oblique: boolean;
  /**
   * An upright glyph of vertical text, in the frame vertical text is laid out in (turned a quarter
   * turn clockwise, layout/orthogonal.ts): its outline turned a quarter turn back, as
   * paint/upright-glyphs.ts draws it (x, y → y, −x about its origin).
   */
  readonly upright?: boolean;
  readonly x: number;
  readonly y: number;
}

/** A glyph's outline relative to its origin, px, and its bounds (undefined: no ink). */
interface Outline {
  readonly polygons: readonly Polygon[];
  readonly bounds: Rect | undefined;
}

/** A glyph's coverage on a device grid: `width` × `height` values from (`x`, `y`) device px off its rounded origin. */
interface Stamp {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly values: Float32Array;
}

const PHASES = 4;
/** A face's stamps hold at most this many bytes: a 500px heading's glyph at 2 pixels per px is 4 MB. */
const MAX_STAMP_BYTES = 32 * 1024 * 1024;

/** Per face (they die with it): outlines by glyph, size and skew; stamps also by scale and phase. */
const OUTLINES = new WeakMap<FontFace, BoundedCache<string, Outline>>();
const STAMPS = new WeakMap<FontFace, BoundedCache<string, Stamp>>();

function outlineOf(glyph: GlyphAt): Outline {
  let outlines = OUTLINES.get(glyph.face);
  if (outlines === undefined) OUTLINES.set(glyph.face, (outlines = new BoundedCache('paint.glyph-outlines', 2048)));
  const key = formKey(glyph);
  let outline = outlines.get(key);
  if (outline === undefined) {
    const polygons = glyphPolygons(glyph.face, glyph.id, glyph.size).map((polygon) => (glyph.oblique ? polygon.map((p) => ({ x: p.x - p.y * SYNTHETIC_OBLIQUE_SKEW, y: p.y })) : polygon))
      .map((polygon) => (glyph.upright === true ? polygon.map((p) => ({ x: p.y, y: -p.x })) : polygon));
    outline = { polygons, bounds: boundsOf(polygons) };
    outlines.set(key, outline);
  }
  return outline;
}

/** A glyph's outline by id, size, skew and turn. */
function formKey(glyph: GlyphAt): string {
  return `${glyph.id}@${glyph.size}${glyph.oblique ? '/' : ''}${glyph.upright === true ? '^' : ''}`;
}

/** The glyphs of a run, each at its origin (its offsets applied, the advances summed). */
export function glyphsOf(item: Extract<DisplayItem, { kind: 'glyphs' }>): GlyphAt[] {
  const glyphs: GlyphAt[] = [];
  let x = item.x;
  item.glyphs.forEach((glyph, i) => {
    glyphs.push({ face: item.face, id: glyph.id, size: item.size, oblique: item.syntheticOblique, x: x + glyph.xOffset, y: item.y - glyph.yOffset });
    x += item.advances[i] ?? glyph.advance;
  });
  return glyphs;
}

/** A glyph's outline as polygons relative to its origin, px, skewed when oblique (kept per face). */
export function outlinePolygons(glyph: GlyphAt): readonly Polygon[] {
  return outlineOf(glyph).polygons;
}

/** Where the glyphs' ink is, page px (undefined: none). */
export function glyphsBounds(glyphs: readonly GlyphAt[]): Rect | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const glyph of glyphs) {
    const b = outlineOf(glyph).bounds;
    if (b === undefined) continue;
    minX = Math.min(minX, glyph.x + b.x);
    minY = Math.min(minY, glyph.y + b.y);
    maxX = Math.max(maxX, glyph.x + b.x + b.width);
    maxY = Math.max(maxY, glyph.y + b.y + b.height);
  }
  return minX <= maxX ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : undefined;
}

function stampOf(glyph: GlyphAt, bounds: Rect, scale: number, phaseX: number, phaseY: number): Stamp {
  let stamps = STAMPS.get(glyph.face);
  if (stamps === undefined) STAMPS.set(glyph.face, (stamps = new BoundedCache('paint.glyph-coverage', 2048, { maxWeight: MAX_STAMP_BYTES, weigh: (s) => s.values.byteLength })));
  const key = `${formKey(glyph)}*${scale}+${phaseX},${phaseY}`;
  let stamp = stamps.get(key);
  if (stamp === undefined) {
    // device px from the rounded origin: the outline scaled, moved by the phase
    const offsetX = phaseX / PHASES;
    const offsetY = phaseY / PHASES;
    const x = Math.floor(bounds.x * scale + offsetX);
    const y = Math.floor(bounds.y * scale + offsetY);
    const width = Math.ceil((bounds.x + bounds.width) * scale + offsetX) - x;
    const height = Math.ceil((bounds.y + bounds.height) * scale + offsetY) - y;
    // the grid's corner in the outline's px: (p - area) * scale = p * scale + offset - (x, y)
    const area = { x: (x - offsetX) / scale, y: (y - offsetY) / scale, width: width / scale, height: height / scale };
    stamp = { x, y, width, height, values: polygonCoverage(outlineOf(glyph).polygons, area, scale, width, height) };
    stamps.set(key, stamp);
  }
  return stamp;
}

/** A coverage grid: `width` × `height` device pixels over `area`, `scale` of them per px. */
export interface CoverageGrid {
  readonly values: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly area: Rect;
  readonly scale: number;
}

/** Adds the coverage of `glyphs` to the grid's values, then clamps every value to 1. */
export function addGlyphCoverage(grid: CoverageGrid, glyphs: readonly GlyphAt[]): void {
  const { values: out, width, height, area, scale } = grid;
  for (const glyph of glyphs) {
    const outline = outlineOf(glyph);
    if (outline.bounds === undefined) continue;
    const deviceX = (glyph.x - area.x) * scale;
    const deviceY = (glyph.y - area.y) * scale;
    let originX = Math.floor(deviceX);
    let originY = Math.floor(deviceY);
    let phaseX = Math.round((deviceX - originX) * PHASES);
    let phaseY = Math.round((deviceY - originY) * PHASES);
    if (phaseX === PHASES) { originX++; phaseX = 0; }
    if (phaseY === PHASES) { originY++; phaseY = 0; }
    const stamp = stampOf(glyph, outline.bounds, scale, phaseX, phaseY);
    const left = originX + stamp.x;
    const top = originY + stamp.y;
    const fromColumn = Math.max(0, -left);
    const toColumn = Math.min(stamp.width, width - left);
    for (let row = Math.max(0, -top); row < stamp.height && top + row < height; row++) {
      const source = row * stamp.width;
      const target = (top + row) * width + left;
      for (let column = fromColumn; column < toColumn; column++) out[target + column]! += stamp.values[source + column]!;
    }
  }
  for (let i = 0; i < out.length; i++) if (out[i]! > 1) out[i] = 1;
}
