/**
 * `text-decoration-skip-ink: auto` (CSS Text Decoration 4 §2.6): an underline or overline is
 * interrupted where it would cross a glyph, as browsers draw it by default. As in Chromium, each
 * glyph whose outline enters the line's band (the line less half a pixel at its top and bottom,
 * so grazing it does not count) makes one gap, from the leftmost to the rightmost point of its
 * outline in the band, widened on both sides by the line's thickness (at most 13 px).
 */
import { SYNTHETIC_OBLIQUE_SKEW } from '../text/types.js';
import { glyphPolygons } from '../text/outline.js';
import { BoundedCache } from '../cache/bounded.js';
import type { DisplayItem } from './display-list.js';

type Glyphs = Extract<DisplayItem, { kind: 'glyphs' }>;

/** A horizontal interval, px. */
export interface Gap {
  readonly from: number;
  readonly to: number;
}

/** Chromium's kDecorationClipMaxDilation. */
const MAX_DILATION = 13;

/** Where a glyph's outline enters a band, by face, glyph, size and band (px from the glyph's origin): [left, right] or null. */
const intercepts = new BoundedCache<string, readonly [number, number] | null>('paint.ink-intercepts', 4096);

/**
 * The gaps in a decoration line at `top` (page px), `thickness` high, for the glyphs of `runs`,
 * merged and in order; none when no glyph enters the band. `widen`: the line's own thickness
 * when the band is wider (a wavy line's band is its waves').
 */
export function inkGaps(runs: readonly Glyphs[], top: number, thickness: number, widen = thickness): Gap[] {
  const upper = top + 0.5;
  const lower = top + thickness - 0.5;
  const dilation = Math.min(widen, MAX_DILATION);
  const gaps: Gap[] = [];
  for (const run of runs) {
    let x = run.x;
    for (let i = 0; i < run.glyphs.length; i++) {
      const glyph = run.glyphs[i]!;
      const originX = x + glyph.xOffset;
      const originY = run.y - glyph.yOffset;
      const span = interceptOf(run, glyph.id, Math.min(upper, lower) - originY, Math.max(upper, lower) - originY);
      if (span !== null) gaps.push({ from: originX + span[0] - dilation, to: originX + span[1] + dilation });
      x += run.advances[i] ?? glyph.advance;
    }
  }
  return merged(gaps);
}

/** The decoration's kept parts between `from` and `to` once the gaps are taken out. */
export function keptSpans(from: number, to: number, gaps: readonly Gap[]): Gap[] {
  const kept: Gap[] = [];
  let at = from;
  for (const gap of gaps) {
    if (gap.to <= at || gap.from >= to) continue;
    if (gap.from > at) kept.push({ from: at, to: gap.from });
    at = Math.max(at, gap.to);
  }
  if (at < to) kept.push({ from: at, to });
  return kept;
}

function merged(gaps: Gap[]): Gap[] {
  if (gaps.length < 2) return gaps;
  gaps.sort((a, b) => a.from - b.from);
  const out: Gap[] = [gaps[0]!];
  for (let i = 1; i < gaps.length; i++) {
    const last = out[out.length - 1]!;
    const gap = gaps[i]!;
    if (gap.from <= last.to) out[out.length - 1] = { from: last.from, to: Math.max(last.to, gap.to) };
    else out.push(gap);
  }
  return out;
}

/** The leftmost and rightmost x of the run's glyph `id` between `upper` and `lower` (px, y down from its origin), or null. */
function interceptOf({ face, size, syntheticOblique: oblique }: Pick<Glyphs, 'face' | 'size' | 'syntheticOblique'>, id: number, upper: number, lower: number): readonly [number, number] | null {
  const key = `${face.id}\u0000${id}\u0000${size}\u0000${oblique ? 1 : 0}\u0000${upper.toFixed(3)}\u0000${lower.toFixed(3)}`;
  const cached = intercepts.get(key);
  if (cached !== undefined) return cached;
  let left = Infinity;
  let right = -Infinity;
  const take = (x: number, y: number): void => {
    const shifted = oblique ? x - y * SYNTHETIC_OBLIQUE_SKEW : x;
    if (shifted < left) left = shifted;
    if (shifted > right) right = shifted;
  };
  for (const polygon of glyphPolygons(face, id, size)) {
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      const top = Math.min(a.y, b.y);
      const bottom = Math.max(a.y, b.y);
      if (bottom < upper || top > lower) continue;
      // the part of the edge inside the band: its ends, clipped to the band's lines
      for (const y of [Math.max(top, upper), Math.min(bottom, lower)]) {
        const t = b.y === a.y ? 0 : (y - a.y) / (b.y - a.y);
        take(a.x + (b.x - a.x) * Math.min(1, Math.max(0, t)), y);
      }
      if (b.y === a.y) take(b.x, b.y);
    }
  }
  const span = left <= right ? ([left, right] as const) : null;
  intercepts.set(key, span);
  return span;
}
