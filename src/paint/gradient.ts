/**
 * Gradients painted into an image box (CSS Images 3 §3, CSS Images 4 §3.3): linear and radial
 * gradients become PDF shadings, conic gradients thin filled wedges. The colour stop fix-up
 * (§3.4.3), the gradient line of a linear gradient (§3.1.1), the ending shape of a radial one
 * (§3.2.2) and the repeating forms (§3.5) are resolved here, so the pdf stage only writes shadings.
 */
import type { ColorStop, ConicGradient, Gradient, LinearGradient, Position, RadialGradient } from '../css/image-types.js';
import type { Color } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect } from '../geometry/types.js';
import { positionIn } from '../css/values/position.js';
import type { DisplayItem, PathSegment, Shading, ShadingStop } from './display-list.js';
import { maxOf, minOf } from '../append-all.js';
import { sameColor } from '../css/values/color.js';
import { colorMixer, type ColorMixer } from '../css/values/color-interpolation.js';

/**
 * §3.4.3: positions as fractions of `length`, missing ones filled in, never going backwards. With
 * a mixer (a colour space other than sRGB), the colours between stops are sampled in that space.
 */
export function fixStops(stops: readonly ColorStop[], length: number, mixer?: ColorMixer): ShadingStop[] {
  const offsets: (number | undefined)[] = stops.map((s) => (s.position === undefined ? undefined : length > 0 ? resolveLength(s.position, length) / length : 0));
  if (offsets[0] === undefined) offsets[0] = 0;
  if (offsets[offsets.length - 1] === undefined) offsets[offsets.length - 1] = 1;
  let max = -Infinity;
  for (let i = 0; i < offsets.length; i++) {
    const value = offsets[i];
    if (value === undefined) continue;
    max = Math.max(max, value);
    offsets[i] = max;
  }
  for (let i = 1; i < offsets.length; i++) {
    if (offsets[i] !== undefined) continue;
    let j = i;
    while (offsets[j] === undefined) j++;
    const from = offsets[i - 1]!;
    const to = offsets[j]!;
    for (let k = i; k < j; k++) offsets[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
  }
  const fixed = stops.map((s, i) => ({ offset: offsets[i]!, color: s.color }));
  return mixer === undefined && !stops.some((s) => s.hint === true) ? fixed : withCurves(fixed, stops, { mixer, length });
}

/** Stops sampled on each side of a hint: the curve drawn as this many straight pieces per half. */
const HINT_SAMPLES = 8;
/**
 * Straight pieces between two stops mixed in a colour space other than sRGB (PDF shadings mix in
 * sRGB): one per px of the gradient line, at most this many (a repeating gradient's 1px stripes
 * need none).
 */
const SPACE_SAMPLES = 16;

/**
 * PDF shadings interpolate linearly in sRGB, so what does not becomes stops sampled along the
 * curve: the pieces between two stops mixed in another colour space, and the curve of a hint —
 * §3.4.3: between two colour stops A and B with a hint H, the colour at P (fractions of A→B) mixes
 * A and B by P^(ln 0.5 / ln H), so the midpoint falls at the hint. Its samples are spaced both
 * evenly along the line and evenly in colour (the curve is steep near one end when the hint is
 * close to a stop). A hint at A or B is a hard jump there.
 */
function withCurves(fixed: readonly ShadingStop[], stops: readonly ColorStop[], on: { mixer: ColorMixer | undefined; length: number }): ShadingStop[] {
  const { mixer, length } = on;
  const out: ShadingStop[] = [];
  const blend = mixer ?? mix;
  fixed.forEach((stop, i) => {
    if (stops[i]!.hint !== true) {
      out.push(stop);
      const next = fixed[i + 1];
      if (mixer === undefined || next === undefined || stops[i + 1]!.hint === true) return;
      if (next.offset <= stop.offset || sameColor(stop.color, next.color)) return;
      const pieces = Math.min(SPACE_SAMPLES, Math.ceil((next.offset - stop.offset) * length));
      for (let k = 1; k < pieces; k++) {
        const t = k / pieces;
        out.push({ offset: stop.offset + (next.offset - stop.offset) * t, color: mixer(stop.color, next.color, t) });
      }
      return;
    }
    const a = fixed[i - 1]!;
    const b = fixed[i + 1]!;
    const span = b.offset - a.offset;
    const h = span > 0 ? (stop.offset - a.offset) / span : 0.5;
    if (h <= 0) { out.push({ offset: a.offset, color: b.color }); return; }
    if (h >= 1) { out.push({ offset: b.offset, color: a.color }); return; }
    const exponent = Math.log(0.5) / Math.log(h);
    const samples = new Set<number>();
    for (let k = 1; k < HINT_SAMPLES * 2; k++) {
      samples.add(k / (HINT_SAMPLES * 2));
      samples.add((k / (HINT_SAMPLES * 2)) ** (1 / exponent));
    }
    for (const p of [...samples].sort((x, y) => x - y)) out.push({ offset: a.offset + p * span, color: blend(a.color, b.color, p ** exponent) });
  });
  return out;
}

/**
 * Gradients interpolate in premultiplied colour (§3.4.4): a transparent stop takes the colour of
 * the nearest visible stop on each side, so fading to `transparent` never greys the colour — nor
 * does a run of transparent stops (`#eee 0 1px, transparent 1px 20px`): where PDF's colour and
 * alpha are sampled apart, a black between them showed at the stripes' edges.
 */
export function premultiplyStops(stops: readonly ShadingStop[]): ShadingStop[] {
  const out: ShadingStop[] = [];
  stops.forEach((stop, i) => {
    if (stop.color.a > 0) { out.push(stop); return; }
    const before = visibleStop(stops, i, -1);
    const after = visibleStop(stops, i, 1);
    const clear = (c: Color | undefined): Color => ({ r: c?.r ?? 0, g: c?.g ?? 0, b: c?.b ?? 0, a: 0 });
    if (before !== undefined) out.push({ offset: stop.offset, color: clear(before) });
    if (after !== undefined && (before === undefined || after.r !== before.r || after.g !== before.g || after.b !== before.b)) out.push({ offset: stop.offset, color: clear(after) });
    if (before === undefined && after === undefined) out.push(stop);
  });
  return out;
}

/** The colour of the nearest stop from `i` in direction `step` that is not fully transparent. */
function visibleStop(stops: readonly ShadingStop[], i: number, step: 1 | -1): Color | undefined {
  for (let j = i + step; j >= 0 && j < stops.length; j += step) if (stops[j]!.color.a > 0) return stops[j]!.color;
  return undefined;
}

function mix(a: Color, b: Color, t: number): Color {
  const m = (x: number, y: number): number => x + (y - x) * t;
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: m(a.a, b.a) };
}

/** The colour at offset `t` (clamped to the end stops); at a jump, the colour before it unless `after`. */
export function colorAt(stops: readonly ShadingStop[], t: number, after = false): Color {
  const reached = (offset: number): boolean => (after ? t < offset : t <= offset);
  if (reached(stops[0]!.offset)) return stops[0]!.color;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1]!;
    const b = stops[i]!;
    if (reached(b.offset)) return b.offset > a.offset ? mix(a.color, b.color, (t - a.offset) / (b.offset - a.offset)) : b.color;
  }
  return stops[stops.length - 1]!.color;
}

/**
 * The stops restricted to [from, to], rescaled to [0, 1]: the shading then spans exactly the
 * painted range (poppler's cairo backend mis-samples stitched functions whose domain reaches far
 * outside what is painted).
 */
export function clipStops(stops: readonly ShadingStop[], from: number, to: number): ShadingStop[] {
  const span = Math.max(to - from, 1e-9);
  const inside = stops.filter((s) => s.offset > from && s.offset < to);
  const all = [{ offset: from, color: colorAt(stops, from, true) }, ...inside, { offset: to, color: colorAt(stops, to) }];
  return all.map((s) => ({ offset: (s.offset - from) / span, color: s.color }));
}

/** At most this many periods of a repeating gradient are written (then the last colour extends). */
const MAX_PERIODS = 2000;

/** §3.5: the stops repeated to cover [from, to]; undefined when the period is 0 (paint the average colour). */
function repeatStops(stops: readonly ShadingStop[], from: number, to: number): ShadingStop[] | undefined {
  const first = stops[0]!.offset;
  const period = stops[stops.length - 1]!.offset - first;
  if (period <= 1e-9) return undefined;
  // a period longer than numbers hold (1e308px stops on a tile 1e-9px tall): nothing repeats within the box
  if (!Number.isFinite(period)) return [...stops];
  const startK = Math.floor((from - first) / period);
  const endK = Math.min(startK + MAX_PERIODS, Math.ceil((to - first) / period));
  const out: ShadingStop[] = [];
  for (let k = startK; k < endK; k++) for (const stop of stops) out.push({ offset: stop.offset + k * period, color: stop.color });
  return out;
}

function averageColor(stops: readonly ShadingStop[]): Color {
  const n = stops.length;
  const sum = (key: 'r' | 'g' | 'b' | 'a'): number => stops.reduce((acc, s) => acc + s.color[key], 0) / n;
  return { r: sum('r'), g: sum('g'), b: sum('b'), a: sum('a') };
}

/** A gradient line: where its 0% and 100% are, px from the page origin. */
interface GradientLine { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }

/** §3.1.1: the line of an angle or a side or corner, through the box's centre, the box projecting onto exactly [0, 1] of it. */
function standardLine(direction: { angle: number } | { x: -1 | 0 | 1; y: -1 | 0 | 1 }, box: Rect): GradientLine {
  const w = box.width;
  const h = box.height;
  let dx: number;
  let dy: number;
  if ('angle' in direction) {
    const a = (direction.angle * Math.PI) / 180;
    dx = Math.sin(a);
    dy = -Math.cos(a);
  } else if (direction.x !== 0 && direction.y !== 0) {
    // to a corner: perpendicular to the diagonal joining the two other corners
    dx = direction.x * h;
    dy = direction.y * w;
    const n = Math.hypot(dx, dy) || 1;
    dx /= n;
    dy /= n;
  } else {
    dx = direction.x;
    dy = direction.y;
  }
  const length = Math.abs(w * dx) + Math.abs(h * dy);
  const cx = box.x + w / 2;
  const cy = box.y + h / 2;
  return { x0: cx - (dx * length) / 2, y0: cy - (dy * length) / 2, x1: cx + (dx * length) / 2, y1: cy + (dy * length) / 2 };
}

/** The part of `line` the box projects onto, as fractions of it (0 to 1 for a standard line). */
function boxSpan(line: GradientLine, box: Rect): { from: number; to: number } {
  const dx = line.x1 - line.x0;
  const dy = line.y1 - line.y0;
  const squared = dx * dx + dy * dy;
  const ts = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
    .map(([x, y]) => ((x! - line.x0) * dx + (y! - line.y0) * dy) / squared);
  return { from: minOf(ts), to: maxOf(ts) };
}

function linearShading(gradient: LinearGradient, box: Rect): Shading | Color {
  const dir = gradient.direction;
  // the legacy syntaxes' two points: the line runs between them, wherever the box is
  const line = 'from' in dir ? pointsLine(dir.from, dir.to, box) : standardLine(dir, box);
  const length = Math.hypot(line.x1 - line.x0, line.y1 - line.y0);
  let stops = fixStops(gradient.stops, length, colorMixer(gradient.interpolation));
  // a line of no length (two equal points) paints its last colour, as Skia's does
  if (length === 0) return stops[stops.length - 1]!.color;
  const span = 'from' in dir ? boxSpan(line, box) : { from: 0, to: 1 };
  if (gradient.repeating) {
    const repeated = repeatStops(stops, span.from, span.to);
    if (repeated === undefined) return averageColor(stops);
    stops = repeated;
  }
  const unit = premultiplyStops(clipStops(stops, span.from, span.to));
  const at = (t: number): [number, number] => [line.x0 + (line.x1 - line.x0) * t, line.y0 + (line.y1 - line.y0) * t];
  const [x0, y0] = at(span.from);
  const [x1, y1] = at(span.to);
  return { kind: 'axial', x0, y0, x1, y1, stops: unit };
}

/** The line between two points of the box. */
function pointsLine(from: Position, to: Position, box: Rect): GradientLine {
  const start = positionIn(from, box);
  const end = positionIn(to, box);
  return { x0: start.x, y0: start.y, x1: end.x, y1: end.y };
}

/** §3.2.2: the ending shape's radii for a centre (cx, cy) relative to the box. */
function radialRadii(gradient: RadialGradient, w: number, h: number, cx: number, cy: number): { rx: number; ry: number } {
  const size = gradient.size;
  if (typeof size !== 'string') {
    const rx = resolveLength(size.rx, w);
    return { rx, ry: gradient.shape === 'circle' ? rx : resolveLength(size.ry, h) };
  }
  const sidesX = [Math.abs(cx), Math.abs(w - cx)];
  const sidesY = [Math.abs(cy), Math.abs(h - cy)];
  const pick = size.startsWith('closest') ? Math.min : Math.max;
  if (size.endsWith('side')) {
    if (gradient.shape === 'circle') {
      const r = pick(...sidesX, ...sidesY);
      return { rx: r, ry: r };
    }
    return { rx: pick(...sidesX), ry: pick(...sidesY) };
  }
  const corners = [[cx, cy], [w - cx, cy], [cx, h - cy], [w - cx, h - cy]].map(([x, y]) => ({ x: Math.abs(x!), y: Math.abs(y!), d: Math.hypot(x!, y!) }));
  const corner = corners.reduce((best, c) => (pick(best.d, c.d) === c.d ? c : best));
  if (gradient.shape === 'circle') return { rx: corner.d, ry: corner.d };
  // ellipse: the aspect ratio of the matching -side shape, through the corner
  const sx = pick(...sidesX);
  const sy = pick(...sidesY);
  const ratio = sx > 0 && sy > 0 ? sy / sx : 1;
  const rx = Math.hypot(corner.x, corner.y / ratio);
  return { rx, ry: rx * ratio };
}

function radialShading(gradient: RadialGradient, box: Rect): Shading | Color {
  const center = positionIn(gradient.position, box);
  const { rx: rawRx, ry: rawRy } = radialRadii(gradient, box.width, box.height, center.x - box.x, center.y - box.y);
  const rx = Math.max(rawRx, 1e-3);
  const ry = Math.max(rawRy, 1e-3);
  let stops = fixStops(gradient.stops, rx, colorMixer(gradient.interpolation));
  const far = Math.max(1e-3, maxOf([[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
    .map(([x, y]) => Math.hypot((x! - center.x) / rx, (y! - center.y) / ry))));
  if (gradient.repeating) {
    const repeated = repeatStops(stops, 0, far);
    if (repeated === undefined) return averageColor(stops);
    stops = repeated;
  }
  const unit = premultiplyStops(clipStops(stops, 0, far));
  return { kind: 'radial', cx: center.x, cy: center.y, r0: 0, r1: far * rx, scaleY: ry / rx, stops: unit };
}

/**
 * Conic gradients have no PDF shading: filled wedges of one colour, a degree wide where the colour
 * changes and one fan for each run of degrees of the same colour (a pie chart's hard-stop
 * `conic-gradient(#4e79a7 0 40%, #f28e2b 0 70%, …)` is one path per slice, as smooth as Chromium's;
 * 360 wedges meeting at the centre left specks there in viewers). Each wedge reaches half a
 * degree under the next, painted over it, so that no seam shows between them (unless the next is
 * translucent: the overlap would show through it as a darker ray); the last stops at
 * the first's edge, and the first reaches back under it instead (the last spilling onto the
 * first tilted a pie chart's 12 o'clock edge by 1.3px at 300px across).
 */
function conicWedges(gradient: ConicGradient, box: Rect): DisplayItem[] {
  const center = positionIn(gradient.position, box);
  const radius = maxOf([[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
    .map(([x, y]) => Math.hypot(x! - center.x, y! - center.y))) + 1;
  // in degrees, so that a colour space's samples come one per degree (the wedges are a degree wide)
  let stops = fixStops(gradient.stops, 360, colorMixer(gradient.interpolation));
  if (gradient.repeating) stops = repeatStops(stops, 0, 1) ?? [{ offset: 0, color: averageColor(stops) }, { offset: 1, color: averageColor(stops) }];
  stops = premultiplyStops(stops);
  const steps = 360;
  const items: DisplayItem[] = [];
  const point = (step: number): PathSegment => {
    const angle = ((gradient.from + (step / steps) * 360) * Math.PI) / 180;
    return { op: 'line', x: center.x + radius * Math.sin(angle), y: center.y - radius * Math.cos(angle) };
  };
  const colors = Array.from({ length: steps }, (_, i) => colorAt(stops, (i + 0.5) / steps));
  for (let start = 0; start < steps;) {
    const color = colors[start]!;
    let end = start + 1;
    while (end < steps && sameColor(colors[end]!, color)) end++;
    const path: PathSegment[] = [{ op: 'move', x: center.x, y: center.y }];
    // reaching under a translucent wedge would show through it, twice as dark: meet it edge to edge
    if (start === 0 && colors.some((c) => !sameColor(c, color)) && colors[steps - 1]!.a >= 1) path.push(point(-0.5));
    for (let step = start; step < end; step++) path.push(point(step));
    path.push(point(end === steps || colors[end]!.a < 1 ? end : end + 0.5), { op: 'close' });
    items.push({ kind: 'fill-path', path, color });
    start = end;
  }
  return items;
}

/** The items that paint `gradient` sized to `box` (the caller clips them to the painting area). */
export function paintGradient(gradient: Gradient, box: Rect): DisplayItem[] {
  if (box.width <= 0 || box.height <= 0) return [];
  if (gradient.kind === 'conic') return conicWedges(gradient, box);
  const shading = gradient.kind === 'linear' ? linearShading(gradient, box) : radialShading(gradient, box);
  if ('kind' in shading) return [{ kind: 'shading', rect: box, shading }];
  return shading.a > 0 ? [{ kind: 'fill-rect', rect: box, color: shading }] : [];
}
