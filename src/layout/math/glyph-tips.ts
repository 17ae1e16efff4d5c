/**
 * Whether a glyph's highest (lowest) ink is a tip — a corner between two slanted or vertical
 * strokes, or a horizontal edge shorter than a pixel, as an arrowhead's cut end — rather than a
 * longer horizontal edge or a round extreme. Chromium sizes math tokens by its hinted glyph boxes,
 * rounded outward to whole pixels: the hinter aligns horizontal edges and round extremes to the
 * pixel grid (so they round to the nearest pixel, as `=` is 4px tall at 16px), while it leaves
 * shorter ones and tips, which the outward rounding then takes to the next pixel (→ in Liberation
 * Serif: 5px at 16px, its ink 3.75px).
 */
import { glyphOutlineCommands } from '../../text/fontkit.js';

/**
 * The longest horizontal edge at a glyph's top and at its bottom, font units: 0 where only
 * corners of slanted or vertical strokes reach it, Infinity at a round extreme (a curve level there).
 */
export interface GlyphTips { readonly top: number; readonly bottom: number }

const NO_TIPS: GlyphTips = { top: Infinity, bottom: Infinity };
const tipsMemo = new WeakMap<object, Map<number, GlyphTips>>();

export function glyphTips(program: object, id: number): GlyphTips {
  let memo = tipsMemo.get(program);
  if (memo === undefined) {
    memo = new Map();
    tipsMemo.set(program, memo);
  }
  let tips = memo.get(id);
  if (tips === undefined) {
    tips = computeTips(program, id);
    memo.set(id, tips);
  }
  return tips;
}

interface Point { readonly x: number; readonly y: number; readonly onCurve: boolean }

function contours(program: object, id: number): Point[][] {
  const out: Point[][] = [];
  let current: Point[] = [];
  for (const { command, args } of glyphOutlineCommands(program, id)) {
    if (command === 'moveTo') {
      if (current.length > 0) out.push(current);
      current = [{ x: args[0]!, y: args[1]!, onCurve: true }];
    } else if (command === 'closePath') {
      if (current.length > 0) out.push(current);
      current = [];
    } else {
      for (let i = 0; i + 1 < args.length; i += 2) current.push({ x: args[i]!, y: args[i + 1]!, onCurve: i + 2 >= args.length });
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

function computeTips(program: object, id: number): GlyphTips {
  let top = -Infinity;
  let bottom = Infinity;
  const all = contours(program, id);
  for (const contour of all) for (const p of contour) {
    top = Math.max(top, p.y);
    bottom = Math.min(bottom, p.y);
  }
  if (!Number.isFinite(top)) return NO_TIPS;
  return { top: edgeAt(all, top), bottom: edgeAt(all, bottom) };
}

/** The longest horizontal edge at height `y` (0: corners only; Infinity: a curve level there). */
function edgeAt(all: readonly Point[][], y: number): number {
  let longest = 0;
  for (const contour of all) {
    // a closed contour may repeat its first point last
    const n = contour.length > 1 && same(contour[0]!, contour[contour.length - 1]!) ? contour.length - 1 : contour.length;
    for (let i = 0; i < n; i++) {
      const p = contour[i]!;
      if (p.y !== y) continue;
      const after = contour[(i + 1) % n]!;
      if (!p.onCurve || after.y !== y) continue;
      if (!after.onCurve) return Infinity;
      longest = Math.max(longest, Math.abs(after.x - p.x));
    }
  }
  return longest;
}

const same = (a: Point, b: Point): boolean => a.x === b.x && a.y === b.y;
