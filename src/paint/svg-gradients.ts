/**
 * SVG gradient paint servers (SVG 2 §14.2): `linearGradient` and `radialGradient` (focal point
 * included) with `gradientUnits`, `gradientTransform`, `href` inheritance of attributes and
 * stops, drawn as a shading clipped to the painted shape; `spreadMethod` in spread.ts.
 */
import type { Color } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import type { DisplayItem, PathSegment, Shading, ShadingStop } from './display-list.js';
import type { Matrix } from '../geometry/matrix.js';
import { premultiplyStops } from './gradient.js';
import type { SvgDocument } from '../resources/svg-document.js';
import { hrefChain } from '../resources/svg-document.js';
import { length } from '../css/values/svg-units.js';
import { multiply } from '../geometry/matrix.js';
import { parseTransform, pathBounds } from './svg-geometry.js';
import { spreadShading } from './svg-spread.js';
import type { Paint } from '../resources/svg-style.js';
import { INITIAL_STYLE, computeSvgStyle } from '../resources/svg-style.js';

const name = (e: DomElement): string => e.name.replace(/^svg:/, '');

function stopsOf(doc: SvgDocument, elements: readonly DomElement[], opacity: number): ShadingStop[] {
  for (const element of elements) {
    const stops = element.children.filter(isElement).filter((c) => name(c) === 'stop');
    if (stops.length === 0) continue;
    let last = 0;
    return stops.map((stop) => {
      const raw = stop.attribs['offset'] ?? '0';
      const value = raw.trim().endsWith('%') ? parseFloat(raw) / 100 : parseFloat(raw);
      last = Math.max(last, Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)));
      const style = computeSvgStyle(stop, INITIAL_STYLE, doc.rules);
      return { offset: last, color: { ...style.stopColor, a: style.stopColor.a * style.stopOpacity * opacity } };
    });
  }
  return [];
}

/** Pads the stops to [0, 1] with the end colours (a hair of room keeps the extensions right). */
function padStops(stops: readonly ShadingStop[]): ShadingStop[] {
  const out = [...stops];
  if (out[0]!.offset > 0) out.unshift({ offset: 0, color: out[0]!.color });
  if (out[out.length - 1]!.offset < 1) out.push({ offset: 1, color: out[out.length - 1]!.color });
  return premultiplyStops(out);
}

export function gradientPaint(doc: SvgDocument, paint: Extract<Paint, { kind: 'url' }>, path: PathSegment[], evenOdd: boolean, opacity: number): DisplayItem[] {
  const element = doc.ids.get(paint.id);
  const kind = element === undefined ? undefined : name(element);
  if (element === undefined || (kind !== 'linearGradient' && kind !== 'radialGradient')) {
    return paint.fallback === undefined ? [] : [{ kind: 'fill-path', path, color: paint.fallback, evenOdd }];
  }
  const elements = hrefChain(doc, element);
  const attr = (key: string): string | undefined => elements.map((e) => e.attribs[key]).find((v) => v !== undefined);
  const stops = stopsOf(doc, elements, opacity);
  if (stops.length === 0) return [];
  if (stops.length === 1) return [{ kind: 'fill-path', path, color: stops[0]!.color, evenOdd }];
  const userSpace = attr('gradientUnits') === 'userSpaceOnUse';
  const bounds = pathBounds(path);
  if (!userSpace && (bounds.width <= 0 || bounds.height <= 0)) return [];
  // objectBoundingBox: fractions (or percentages) of the bounding box
  const basis = userSpace ? 100 : 1;
  const len = (key: string, fallback: string): number => {
    const v = attr(key) ?? fallback;
    return !userSpace && v.trim().endsWith('%') ? parseFloat(v) / 100 : length(v, basis);
  };
  let matrix: Matrix = userSpace ? [1, 0, 0, 1, 0, 0] : [bounds.width, 0, 0, bounds.height, bounds.x, bounds.y];
  matrix = multiply(matrix, parseTransform(attr('gradientTransform')));
  const unit = padStops(stops);
  let shading: Shading;
  if (kind === 'linearGradient') {
    shading = { kind: 'axial', x0: len('x1', '0%'), y0: len('y1', '0%'), x1: len('x2', '100%'), y1: len('y2', '0%'), stops: unit };
  } else {
    const cx = len('cx', '50%');
    const cy = len('cy', '50%');
    const fx = attr('fx') === undefined ? cx : len('fx', '50%');
    const fy = attr('fy') === undefined ? cy : len('fy', '50%');
    shading = { kind: 'radial', cx, cy, r0: len('fr', '0%'), r1: len('r', '50%'), scaleY: 1, stops: unit, ...(fx !== cx || fy !== cy ? { fx, fy } : {}) };
  }
  const far = 1e4;
  const rect = { x: -far, y: -far, width: 2 * far, height: 2 * far };
  const pieces = spreadShading(shading, attr('spreadMethod'), matrix, bounds).flatMap((piece): DisplayItem[] => (piece.clip === undefined
    ? [{ kind: 'shading', rect, shading: piece.shading }]
    : [{ kind: 'push-clip-path', path: piece.clip, evenOdd: false }, { kind: 'shading', rect, shading: piece.shading }, { kind: 'pop-clip' }]));
  return [
    { kind: 'push-clip-path', path, evenOdd },
    { kind: 'push-transform', matrix },
    ...pieces,
    { kind: 'pop-transform' },
    { kind: 'pop-clip' },
  ];
}

/**
 * One colour for a paint where a shading cannot go (glyphs): the colour itself, else a
 * gradient's middle stop, else the fallback colour; undefined for `none`.
 */
export function paintColor(doc: SvgDocument, paint: Paint): Color | undefined {
  if (paint.kind === 'none' || paint.kind === 'context') return undefined;
  if (paint.kind === 'color') return paint.color;
  const element = doc.ids.get(paint.id);
  const stops = element === undefined ? [] : stopsOf(doc, hrefChain(doc, element), 1);
  const middle = stops[Math.floor(stops.length / 2)];
  return middle?.color ?? paint.fallback;
}
