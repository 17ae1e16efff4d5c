/**
 * SVG gradient `spreadMethod` (SVG 2 §14.2.2): `repeat` and `reflect` written as one shading whose
 * stops repeat (mirrored every other period for `reflect`) over the periods the painted shape
 * covers, so the pdf stage only ever pads. A radial gradient with a focal point keeps `pad`.
 */
import type { Matrix } from '../geometry/matrix.js';
import type { Shading, ShadingStop } from './display-list.js';
import { invert } from '../geometry/matrix.js';

/** At most this many periods are written (then the end colours extend). */
const MAX_PERIODS = 256;

type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

/** The corners of `box` (user space) in the gradient's own space. */
function corners(box: Box, matrix: Matrix): [number, number][] | undefined {
  const inv = invert(matrix);
  if (inv === undefined) return undefined;
  const pts: [number, number][] = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]];
  return pts.map(([x, y]) => [inv[0] * x + inv[2] * y + inv[4], inv[1] * x + inv[3] * y + inv[5]]);
}

/** The unit stops (offsets 0-1) laid over periods `from` to `to`, rescaled to 0-1. */
function periodStops(stops: readonly ShadingStop[], from: number, to: number, reflect: boolean): ShadingStop[] {
  const n = to - from;
  const out: ShadingStop[] = [];
  for (let k = from; k < to; k++) {
    const mirrored = reflect && ((k % 2) + 2) % 2 === 1;
    const period = mirrored ? [...stops].reverse().map((s) => ({ offset: 1 - s.offset, color: s.color })) : stops;
    for (const s of period) out.push({ offset: (k - from + s.offset) / n, color: s.color });
  }
  return out;
}

/** `shading` (stops padded to 0-1, in gradient space under `matrix`) spread to cover `bounds`. */
export function spreadShading(shading: Shading, method: string | undefined, matrix: Matrix, bounds: Box): Shading {
  if (method !== 'repeat' && method !== 'reflect') return shading;
  const pts = corners(bounds, matrix);
  if (pts === undefined) return shading;
  const reflect = method === 'reflect';
  if (shading.kind === 'axial') {
    const dx = shading.x1 - shading.x0;
    const dy = shading.y1 - shading.y0;
    const len2 = dx * dx + dy * dy;
    if (len2 < 1e-12) return shading;
    const ts = pts.map(([x, y]) => ((x - shading.x0) * dx + (y - shading.y0) * dy) / len2);
    const from = Math.max(Math.floor(Math.min(...ts)), -MAX_PERIODS / 2);
    const to = Math.min(Math.max(Math.ceil(Math.max(...ts)), from + 1), from + MAX_PERIODS);
    return {
      kind: 'axial', x0: shading.x0 + from * dx, y0: shading.y0 + from * dy, x1: shading.x0 + to * dx, y1: shading.y0 + to * dy,
      stops: periodStops(shading.stops, from, to, reflect),
    };
  }
  if (shading.fx !== undefined || shading.r1 <= shading.r0) return shading;
  const far = Math.max(...pts.map(([x, y]) => Math.hypot(x - shading.cx, (y - shading.cy) / shading.scaleY)));
  const to = Math.min(Math.max(1, Math.ceil((far - shading.r0) / (shading.r1 - shading.r0))), MAX_PERIODS);
  return { ...shading, r1: shading.r0 + to * (shading.r1 - shading.r0), stops: periodStops(shading.stops, 0, to, reflect) };
}
