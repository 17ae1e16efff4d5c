/**
 * SVG geometry for the painter: `transform`
 * lists (CSS Transforms 1 §5.1 SVG syntax), `viewBox` + `preserveAspectRatio` (SVG 2 §8.2), and
 * basic shapes and path data (SVG 2 §9-10) as display-list paths; path data is normalised with
 * svgpath (arcs to curves, relative to absolute, shorthand curves expanded).
 */
import svgpath from 'svgpath';
import type { Matrix } from '../geometry/matrix.js';
import { IDENTITY, multiply } from '../geometry/matrix.js';
import type { PathSegment } from './display-list.js';
import type { FontBasis } from '../css/values/svg-units.js';
import { INITIAL_FONT, length, numbers } from '../css/values/svg-units.js';
import type { DomElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';

/** An angle argument in radians: degrees when bare (SVG), or with a CSS unit (deg, rad, grad, turn). */
export function svgAngle(value: string | undefined): number {
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(deg|rad|grad|turn)?\s*$/i.exec(value ?? '');
  if (m === null) return 0;
  const n = Number(m[1]);
  switch (m[2]?.toLowerCase()) {
    case 'rad': return n;
    case 'grad': return (n * Math.PI) / 200;
    case 'turn': return n * 2 * Math.PI;
    default: return (n * Math.PI) / 180;
  }
}

/**
 * A `transform` attribute or property as one matrix (unknown functions make it the identity, as
 * invalid). `box`: the reference box a translation's percentages are of (the CSS property's
 * `translate(50%, 50%)`, of the viewport: `transform-box: view-box`).
 */
export function parseTransform(value: string | undefined, box?: Viewport): Matrix {
  if (value === undefined) return IDENTITY;
  let result = IDENTITY;
  for (const match of value.matchAll(/(matrix|translateX|translateY|translate|scaleX|scaleY|scale|rotate|skewX|skewY|skew)\s*\(([^)]*)\)/g)) {
    const a = box !== undefined && match[1]!.startsWith('translate') && match[2]!.includes('%') ? translation(match[1]!, match[2]!, box) : numbers(match[2]);
    // angles keep their units (CSS syntax, SVG 2 §8.5): rotate(0.5turn), skew(20deg, 10deg)
    const angles = (match[2] ?? '').split(/\s*,\s*|\s+/).filter(Boolean).map(svgAngle);
    let m: Matrix = IDENTITY;
    switch (match[1]) {
      case 'matrix': if (a.length === 6) m = a as unknown as Matrix; break;
      case 'translate': m = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0]; break;
      // the CSS transform functions SVG 2 also accepts
      case 'translateX': m = [1, 0, 0, 1, a[0] ?? 0, 0]; break;
      case 'translateY': m = [1, 0, 0, 1, 0, a[0] ?? 0]; break;
      case 'scaleX': m = [a[0] ?? 1, 0, 0, 1, 0, 0]; break;
      case 'scaleY': m = [1, 0, 0, a[0] ?? 1, 0, 0]; break;
      case 'scale': m = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0]; break;
      case 'rotate': {
        const r = angles[0] ?? 0;
        const [cx = 0, cy = 0] = a.slice(1);
        m = multiply(multiply([1, 0, 0, 1, cx, cy], [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX': m = [1, 0, Math.tan(angles[0] ?? 0), 1, 0, 0]; break;
      case 'skewY': m = [1, Math.tan(angles[0] ?? 0), 0, 1, 0, 0]; break;
      // CSS skew(ax [, ay]): ay defaults to 0
      case 'skew': m = [1, Math.tan(angles[1] ?? 0), Math.tan(angles[0] ?? 0), 1, 0, 0]; break;
    }
    result = multiply(result, m);
  }
  return result;
}

const ORIGIN_KEYWORDS: Readonly<Record<string, number>> = { left: 0, top: 0, center: 50, right: 100, bottom: 100 };

/**
 * An element's `transform` about its `transform-origin` (CSS Transforms 1 §6; an SVG element's
 * reference box is the viewport, `transform-box: view-box`, its origin 0 0 unless set), or about
 * `box`, its bounding box with `transform-box: fill-box`: the origin's and the translations'
 * percentages of its size, from its corner.
 */
export function elementTransform(transform: string | undefined, origin: string | undefined, viewport: Viewport, box?: Rect): Matrix {
  const reference = box ?? viewport;
  const matrix = parseTransform(transform, reference);
  if ((origin === undefined && box === undefined) || matrix === IDENTITY) return matrix;
  // the box's corner when no origin is set (SVG's 0 0, of the reference box)
  const parts = (origin ?? '0 0').trim().split(/\s+/);
  // one keyword or length: the other axis centred; `top`/`bottom` first are vertical
  if (parts[0] === 'top' || parts[0] === 'bottom') parts.reverse();
  const at = (part: string | undefined, basis: number): number => {
    if (part === undefined) return basis / 2;
    const keyword = ORIGIN_KEYWORDS[part.toLowerCase()];
    return keyword !== undefined ? (keyword / 100) * basis : length(part, basis);
  };
  const ox = (box?.x ?? 0) + at(parts[0], reference.width);
  const oy = (box?.y ?? 0) + at(parts[1], reference.height);
  if (ox === 0 && oy === 0) return matrix;
  return multiply(multiply([1, 0, 0, 1, ox, oy], matrix), [1, 0, 0, 1, -ox, -oy]);
}

/** A translation's arguments in user units, percentages of `box` (x of its width, y of its height). */
function translation(name: string, args: string, box: Viewport): number[] {
  return args.split(/\s*,\s*|\s+/).filter(Boolean).map((arg, i) => {
    const vertical = name === 'translateY' || (name === 'translate' && i === 1);
    return arg.endsWith('%') ? (parseFloat(arg) / 100) * (vertical ? box.height : box.width) : numbers(arg)[0] ?? 0;
  });
}

/** The matrix that maps a viewBox onto a viewport of `width` × `height` (SVG 2 §8.2). */
export function viewBoxMatrix(viewBox: readonly number[] | undefined, preserve: string | undefined, width: number, height: number): Matrix {
  if (viewBox === undefined || viewBox.length !== 4 || viewBox[2]! <= 0 || viewBox[3]! <= 0) return IDENTITY;
  const [vx, vy, vw, vh] = viewBox as [number, number, number, number];
  let sx = width / vw;
  let sy = height / vh;
  const [align = 'xMidYMid', meetOrSlice = 'meet'] = (preserve ?? '').trim().split(/\s+/).filter(Boolean);
  if (align !== 'none') {
    const s = meetOrSlice === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = s;
    sy = s;
  }
  let tx = -vx * sx;
  let ty = -vy * sy;
  if (align !== 'none') {
    const free = (k: string, room: number): number => (align.includes(`${k}Mid`) ? room / 2 : align.includes(`${k}Max`) ? room : 0);
    tx += free('x', width - vw * sx);
    ty += free('Y', height - vh * sy);
  }
  return [sx, 0, 0, sy, tx, ty];
}

/** Path data normalised to move/line/cubic/close (svgpath: absolute, arcs and quadratics to cubics). */
export function pathData(d: string): PathSegment[] {
  const out: PathSegment[] = [];
  let x = 0;
  let y = 0;
  svgpath(d).abs().unarc().unshort().iterate((segment: (string | number)[], _index: number, px: number, py: number) => {
    const [cmd, ...a] = segment as [string, ...number[]];
    switch (cmd) {
      case 'M': out.push({ op: 'move', x: a[0]!, y: a[1]! }); [x, y] = [a[0]!, a[1]!]; break;
      case 'L': out.push({ op: 'line', x: a[0]!, y: a[1]! }); [x, y] = [a[0]!, a[1]!]; break;
      case 'H': out.push({ op: 'line', x: a[0]!, y: py }); [x, y] = [a[0]!, py]; break;
      case 'V': out.push({ op: 'line', x: px, y: a[0]! }); [x, y] = [px, a[0]!]; break;
      case 'C': out.push({ op: 'curve', x1: a[0]!, y1: a[1]!, x2: a[2]!, y2: a[3]!, x: a[4]!, y: a[5]! }); [x, y] = [a[4]!, a[5]!]; break;
      case 'Q': {
        const [qx, qy, ex, ey] = a as [number, number, number, number];
        out.push({ op: 'curve', x1: px + (2 / 3) * (qx - px), y1: py + (2 / 3) * (qy - py), x2: ex + (2 / 3) * (qx - ex), y2: ey + (2 / 3) * (qy - ey), x: ex, y: ey });
        [x, y] = [ex, ey];
        break;
      }
      case 'Z': out.push({ op: 'close' }); break;
    }
  });
  void x; void y;
  return out;
}

const KAPPA = 0.5522847498;

/** An ellipse as four cubic arcs, clockwise from its rightmost point. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): PathSegment[] {
  if (rx <= 0 || ry <= 0) return [];
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return [
    { op: 'move', x: cx + rx, y: cy },
    { op: 'curve', x1: cx + rx, y1: cy + ky, x2: cx + kx, y2: cy + ry, x: cx, y: cy + ry },
    { op: 'curve', x1: cx - kx, y1: cy + ry, x2: cx - rx, y2: cy + ky, x: cx - rx, y: cy },
    { op: 'curve', x1: cx - rx, y1: cy - ky, x2: cx - kx, y2: cy - ry, x: cx, y: cy - ry },
    { op: 'curve', x1: cx + kx, y1: cy - ry, x2: cx + rx, y2: cy - ky, x: cx + rx, y: cy },
    { op: 'close' },
  ];
}

function rectPath({ x, y, width: w, height: h }: Rect, rxIn: number | undefined, ryIn: number | undefined): PathSegment[] {
  if (w <= 0 || h <= 0) return [];
  let rx = rxIn ?? ryIn ?? 0;
  let ry = ryIn ?? rxIn ?? 0;
  rx = Math.min(Math.max(0, rx), w / 2);
  ry = Math.min(Math.max(0, ry), h / 2);
  if (rx === 0 || ry === 0) return [{ op: 'move', x, y }, { op: 'line', x: x + w, y }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x, y: y + h }, { op: 'close' }];
  const kx = rx * (1 - KAPPA);
  const ky = ry * (1 - KAPPA);
  const r = x + w;
  const b = y + h;
  return [
    { op: 'move', x: x + rx, y },
    { op: 'line', x: r - rx, y },
    { op: 'curve', x1: r - kx, y1: y, x2: r, y2: y + ky, x: r, y: y + ry },
    { op: 'line', x: r, y: b - ry },
    { op: 'curve', x1: r, y1: b - ky, x2: r - kx, y2: b, x: r - rx, y: b },
    { op: 'line', x: x + rx, y: b },
    { op: 'curve', x1: x + kx, y1: b, x2: x, y2: b - ky, x, y: b - ry },
    { op: 'line', x, y: y + ry },
    { op: 'curve', x1: x, y1: y + ky, x2: x + kx, y2: y, x: x + rx, y },
    { op: 'close' },
  ];
}

/** The viewport lengths percentages refer to (SVG 2 §8.9). */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/**
 * The outline of a basic shape or path element; undefined for other elements. `geometry`: the
 * geometry properties a rule sets (SvgStyle.geometry), which win over the attributes.
 */
export function shapePath(element: DomElement, viewport: Viewport, font: FontBasis = INITIAL_FONT, geometry?: Readonly<Record<string, string>>): PathSegment[] | undefined {
  const a = geometry === undefined ? element.attribs : { ...element.attribs, ...geometry };
  const diag = Math.hypot(viewport.width, viewport.height) / Math.SQRT2;
  const lx = (name: string): number => length(a[name], viewport.width, 0, font);
  const ly = (name: string): number => length(a[name], viewport.height, 0, font);
  const opt = (name: string, basis: number): number | undefined => (a[name] === undefined || a[name] === 'auto' ? undefined : length(a[name], basis, 0, font));
  switch (element.name) {
    case 'rect': return rectPath({ x: lx('x'), y: ly('y'), width: lx('width'), height: ly('height') }, opt('rx', viewport.width), opt('ry', viewport.height));
    case 'circle': { const r = length(a['r'], diag, 0, font); return ellipsePath(lx('cx'), ly('cy'), r, r); }
    case 'ellipse': {
      const rx = opt('rx', viewport.width);
      const ry = opt('ry', viewport.height);
      return ellipsePath(lx('cx'), ly('cy'), rx ?? ry ?? 0, ry ?? rx ?? 0);
    }
    case 'line': return [{ op: 'move', x: lx('x1'), y: ly('y1') }, { op: 'line', x: lx('x2'), y: ly('y2') }];
    case 'polyline':
    case 'polygon': {
      const n = numbers(a['points']);
      const path: PathSegment[] = [];
      for (let i = 0; i + 1 < n.length; i += 2) path.push({ op: i === 0 ? 'move' : 'line', x: n[i]!, y: n[i + 1]! });
      if (element.name === 'polygon' && path.length > 0) path.push({ op: 'close' });
      return path;
    }
    case 'path': {
      try {
        return pathData(a['d'] ?? '');
      } catch {
        return [];
      }
    }
    default: return undefined;
  }
}

/** The parameters in (0, 1) where a cubic Bézier coordinate (p0..p3) has an extremum. */
function cubicExtrema(p0: number, p1: number, p2: number, p3: number): number[] {
  // the derivative's roots: a t² + b t + c = 0
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  const roots = Math.abs(a) < 1e-12
    ? (Math.abs(b) < 1e-12 ? [] : [-c / b])
    : ((d) => (d < 0 ? [] : [(-b + Math.sqrt(d)) / (2 * a), (-b - Math.sqrt(d)) / (2 * a)]))(b * b - 4 * a * c);
  return roots.filter((t) => t > 0 && t < 1);
}

const cubicAt = (p0: number, p1: number, p2: number, p3: number, t: number): number => {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
};

/**
 * Whether no subpath of `path` encloses any area: each lies on one straight line, its curves'
 * control points too (a chart's grid lines, `M40 50H590M40 80H590`; a diagonal `<path>`).
 */
export function enclosesNothing(path: readonly PathSegment[]): boolean {
  // the subpath's first point, and the direction of its line once a second point differs
  let ax = 0;
  let ay = 0;
  let dx = 0;
  let dy = 0;
  const onLine = (x: number, y: number): boolean => {
    if (dx === 0 && dy === 0) {
      dx = x - ax;
      dy = y - ay;
      return true;
    }
    return Math.abs(dx * (y - ay) - dy * (x - ax)) <= 1e-9 * (Math.abs(dx) + Math.abs(dy)) * (Math.abs(x - ax) + Math.abs(y - ay));
  };
  for (const s of path) {
    if (s.op === 'move') {
      [ax, ay, dx, dy] = [s.x, s.y, 0, 0];
    } else if (s.op === 'line') {
      if (!onLine(s.x, s.y)) return false;
    } else if (s.op === 'curve' && !(onLine(s.x1, s.y1) && onLine(s.x2, s.y2) && onLine(s.x, s.y))) return false;
  }
  return true;
}

/**
 * The bounding box of a path (SVG 2 §8.10: the tight box of the geometry, stroke left out):
 * curves count by their extrema, not their control points.
 */
export function pathBounds(path: readonly PathSegment[]): { x: number; y: number; width: number; height: number } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (x: number, y: number): void => { minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); };
  let px = 0;
  let py = 0;
  // where a closed subpath brings the current point back to
  let start = [0, 0];
  for (const s of path) {
    if (s.op === 'move') start = [s.x, s.y];
    if (s.op === 'move' || s.op === 'line') add(s.x, s.y);
    else if (s.op === 'curve') {
      add(s.x, s.y);
      for (const t of cubicExtrema(px, s.x1, s.x2, s.x)) add(cubicAt(px, s.x1, s.x2, s.x, t), cubicAt(py, s.y1, s.y2, s.y, t));
      for (const t of cubicExtrema(py, s.y1, s.y2, s.y)) add(cubicAt(px, s.x1, s.x2, s.x, t), cubicAt(py, s.y1, s.y2, s.y, t));
    }
    [px, py] = s.op === 'close' ? [start[0]!, start[1]!] : [s.x, s.y];
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
