/**
 * A shape's dash pattern (SVG 2 §13.5.5 `stroke-dasharray`, `stroke-dashoffset`), in its user
 * units. With a `pathLength` attribute (SVG 2 §9.3.1) the author's lengths along the path are
 * measured in that many units for the whole path: `pathLength="100" stroke-dasharray="73 100"` is a
 * gauge 73 % full, whatever the circle's radius.
 */
import type { PathSegment } from './display-list.js';
import type { Viewport } from './svg-geometry.js';
import type { SvgStyle } from '../resources/svg-style.js';
import { length } from '../css/values/svg-units.js';
import { flatten, pathLength } from './svg-text-path.js';

export interface Dashes {
  readonly dash: number[];
  readonly dashOffset: number;
}

/** The dash pattern and offset to stroke `path` with; undefined for a solid stroke. */
export function dashesOf(style: SvgStyle, viewport: Viewport, path: readonly PathSegment[], authoredLength: string | undefined): Dashes | undefined {
  if (style.strokeDasharray === 'none') return undefined;
  const diag = Math.hypot(viewport.width, viewport.height) / Math.SQRT2;
  const list = style.strokeDasharray.split(/[\s,]+/).filter(Boolean).map((v) => length(v, diag, -1));
  if (list.length === 0 || list.some((v) => v < 0) || list.every((v) => v === 0)) return undefined;
  const dash = list.length % 2 === 1 ? [...list, ...list] : list;
  const offset = length(style.strokeDashoffset, diag, 0);
  const scale = pathLengthScale(path, authoredLength);
  // pathLength="0": every author's unit infinitely long, the first dash covers the path (Chromium: solid)
  if (scale === Infinity) return undefined;
  return scale === 1 ? { dash, dashOffset: offset } : { dash: dash.map((v) => v * scale), dashOffset: offset * scale };
}

/** User units per author's unit along the path: its measured length over `pathLength` (1 without a valid one). */
function pathLengthScale(path: readonly PathSegment[], authored: string | undefined): number {
  if (authored === undefined) return 1;
  const wanted = Number(authored.trim());
  // not a number or negative: an error, ignored; zero: an infinite scale (SVG 2 §9.3.1)
  if (authored.trim() === '' || !Number.isFinite(wanted) || wanted < 0) return 1;
  if (wanted === 0) return Infinity;
  const measured = pathLength(flatten(path));
  return measured > 0 ? measured / wanted : 1;
}
