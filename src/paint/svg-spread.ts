/**
 * SVG gradient shadings as pieces the pdf stage writes one by one (SVG 2 §14.2.2): `spreadMethod`
 * `repeat` and `reflect` over the periods the painted shape covers (mirrored every other period for
 * `reflect`; a radial gradient's periods also go inwards from its focal radius `fr` to its centre),
 * and every period cut where its colour jumps (two stops at one offset). Viewers that sample a
 * shading's function by bisection (poppler) skip periods whose ends have the same colour and smear
 * jumps in small radial gradients; a piece per smooth run of colour draws the same in all of them.
 * Later pieces are painted over earlier ones, so no seam shows between neighbours: along a linear
 * gradient each piece covers all from its start on, a radial one is painted from the outermost ring
 * in, each ring clipped to its disc (with the focal point off centre, the circles of the periods
 * are not concentric but still nest). A focal circle that reaches outside the end circle (a cone,
 * not nested circles) stays one shading (pad).
 */
import type { Matrix } from '../geometry/matrix.js';
import type { PathSegment, Shading, ShadingStop } from './display-list.js';
import { invert, transformPoint } from '../geometry/matrix.js';
import { clipStops } from './gradient.js';
import { ellipsePath } from './svg-geometry.js';
import { appendAll, maxOf, minOf } from '../append-all.js';

/** At most this many periods are written (then the end colours extend). */
const MAX_PERIODS = 256;

type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number };

/** A shading to paint, in gradient space, clipped to `clip` (gradient space too) when there is one. */
export interface SpreadPiece {
  readonly shading: Shading;
  readonly clip?: PathSegment[];
}

/** A run of the gradient parameter t (0 at the start point or focal circle, 1 at the end) and its colours. */
interface Band {
  readonly from: number;
  readonly to: number;
  /** Offsets 0-1 over the band. */
  readonly stops: readonly ShadingStop[];
}

const sameColor = (a: ShadingStop, b: ShadingStop): boolean => a.color.r === b.color.r && a.color.g === b.color.g && a.color.b === b.color.b && a.color.a === b.color.a;

/** Period `k` of the unit stops (mirrored on odd periods when reflecting) as bands cut at each colour jump. */
function periodBands(stops: readonly ShadingStop[], k: number, reflect: boolean): Band[] {
  const mirrored = reflect && ((k % 2) + 2) % 2 === 1;
  const period = mirrored ? [...stops].reverse().map((s) => ({ offset: 1 - s.offset, color: s.color })) : stops;
  const cuts = [0];
  for (let i = 1; i < period.length; i++) {
    const jump = period[i]!.offset <= period[i - 1]!.offset && !sameColor(period[i]!, period[i - 1]!);
    if (jump && period[i]!.offset > cuts[cuts.length - 1]! && period[i]!.offset < 1) cuts.push(period[i]!.offset);
  }
  cuts.push(1);
  const bands: Band[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [a, b] = [cuts[i]!, cuts[i + 1]!];
    bands.push({ from: k + a, to: k + b, stops: cuts.length === 2 ? period : clipStops(period, a, b) });
  }
  return bands;
}

/** The bands of periods `from` to `to` (exclusive). */
function bandsOver(stops: readonly ShadingStop[], from: number, to: number, reflect: boolean): Band[] {
  const bands: Band[] = [];
  for (let k = from; k < to; k++) appendAll(bands, periodBands(stops, k, reflect));
  return bands;
}

/** The corners of `box` (user space) in the gradient's own space. */
function corners(box: Box, matrix: Matrix): [number, number][] | undefined {
  const inv = invert(matrix);
  if (inv === undefined) return undefined;
  const pts: [number, number][] = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]];
  return pts.map(([x, y]) => transformPoint(inv, x, y));
}

function axialPieces(shading: Extract<Shading, { kind: 'axial' }>, pts: [number, number][] | undefined, method: string | undefined): SpreadPiece[] {
  const dx = shading.x1 - shading.x0;
  const dy = shading.y1 - shading.y0;
  const len2 = dx * dx + dy * dy;
  if (len2 < 1e-12) return [{ shading }];
  let from = 0;
  let to = 1;
  if (pts !== undefined && (method === 'repeat' || method === 'reflect')) {
    const ts = pts.map(([x, y]) => ((x - shading.x0) * dx + (y - shading.y0) * dy) / len2);
    from = Math.max(Math.floor(minOf(ts)), -MAX_PERIODS / 2);
    to = Math.min(Math.max(Math.ceil(maxOf(ts)), from + 1), from + MAX_PERIODS);
  }
  const bands = bandsOver(shading.stops, from, to, method === 'reflect');
  // each piece covers the half-plane from its start on: far enough to pass every corner of the shape
  const len = Math.sqrt(len2);
  const reach = Math.max(0, maxOf((pts ?? []).map(([x, y]) => Math.hypot(x - shading.x0, y - shading.y0)))) + (Math.abs(from) + Math.abs(to) + 1) * len;
  const [ux, uy] = [dx / len, dy / len];
  return bands.map((band, i) => {
    const x0 = shading.x0 + band.from * dx;
    const y0 = shading.y0 + band.from * dy;
    const piece: Shading = { kind: 'axial', x0, y0, x1: shading.x0 + band.to * dx, y1: shading.y0 + band.to * dy, stops: band.stops };
    if (i === 0) return { shading: piece };
    const ahead: PathSegment[] = [
      { op: 'move', x: x0 - uy * reach, y: y0 + ux * reach },
      { op: 'line', x: x0 + uy * reach, y: y0 - ux * reach },
      { op: 'line', x: x0 + uy * reach + ux * reach, y: y0 - ux * reach + uy * reach },
      { op: 'line', x: x0 - uy * reach + ux * reach, y: y0 + ux * reach + uy * reach },
      { op: 'close' },
    ];
    return { shading: piece, clip: ahead };
  });
}

function radialPieces(shading: Extract<Shading, { kind: 'radial' }>, pts: [number, number][] | undefined, method: string | undefined): SpreadPiece[] {
  // the circle of t has its centre at focus + t·(centre − focus) and its radius at r0 + t·(r1 − r0) (SVG 2 §14.2.2)
  const focal = shading.fx !== undefined || shading.fy !== undefined;
  const [fx, fy] = [shading.fx ?? shading.cx, shading.fy ?? shading.cy];
  const [dx, dy] = [shading.cx - fx, shading.cy - fy];
  const period = shading.r1 - shading.r0;
  // how much faster the radius grows than the centre moves: the circles nest only when it is positive
  const growth = period - Math.hypot(dx, dy / shading.scaleY);
  if (growth <= 1e-9) return [{ shading }];
  let from = 0;
  let to = 1;
  if (pts !== undefined && (method === 'repeat' || method === 'reflect')) {
    // the circle of t holds every point within r(t) − t·|d| of the focus
    const far = maxOf(pts.map(([x, y]) => Math.hypot(x - fx, (y - fy) / shading.scaleY)));
    to = Math.min(Math.max(1, Math.ceil((far - shading.r0) / growth)), MAX_PERIODS);
    // inside the focal circle t is negative: periods go on inwards until the circle is a point
    from = Math.max(-Math.ceil(shading.r0 / period - 1e-9), to - MAX_PERIODS);
  }
  const radius = (t: number): number => shading.r0 + t * period;
  const centre = (t: number): { x: number; y: number } => ({ x: fx + t * dx, y: fy + t * dy });
  const bands = bandsOver(shading.stops, from, to, method === 'reflect').filter((band) => radius(band.to) > 0).reverse();
  return bands.map((band, i) => {
    const [inner, outer] = [radius(band.from), radius(band.to)];
    // a band past the point where the circle vanishes starts there, with the colour there
    const cut = inner < 0 ? -inner / (outer - inner) : 0;
    const stops = cut > 0 ? clipStops(band.stops, cut, 1) : band.stops;
    const [start, end] = [centre(band.from + cut * (band.to - band.from)), centre(band.to)];
    const piece: Shading = { ...shading, cx: end.x, cy: end.y, r0: Math.max(0, inner), r1: outer, stops, ...(focal ? { fx: start.x, fy: start.y } : {}) };
    return i === 0 ? { shading: piece } : { shading: piece, clip: ellipsePath(end.x, end.y, outer, outer * shading.scaleY) };
  });
}

/** `shading` (stops padded to 0-1, in gradient space under `matrix`) as pieces spread to cover `bounds`. */
export function spreadShading(shading: Shading, method: string | undefined, matrix: Matrix, bounds: Box): SpreadPiece[] {
  const pts = corners(bounds, matrix);
  if (shading.kind === 'axial') return axialPieces(shading, pts, method);
  if (shading.r1 <= shading.r0) return [{ shading }];
  return radialPieces(shading, pts, method);
}
