/**
 * The region a `<filter>` or a `<mask>` applies within (Filter Effects 1 §5.2, CSS Masking 1 §7.2):
 * `x`, `y`, `width`, `height`, by default -10 %, -10 %, 120 %, 120 %, as fractions of the element's
 * bounding box (`objectBoundingBox` units, the default) or as lengths of its user space
 * (`userSpaceOnUse`). A value that does not parse is its default, as SVG 2 treats an invalid
 * presentation value.
 */
import type { DomElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import { length } from '../css/values/svg-units.js';
import type { Viewport } from './svg-geometry.js';

export function effectRegion(element: DomElement, units: 'filterUnits' | 'maskUnits', bounds: Rect, viewport: Viewport): Rect {
  // as SVG spells the name, or as the HTML parser left it (a <filter> an HTML element's `filter: url(#…)` names)
  const attr = (name: string): string | undefined => element.attribs[name] ?? element.attribs[name.toLowerCase()];
  if (attr(units) === 'userSpaceOnUse') {
    return {
      x: length(attr('x') ?? '-10%', viewport.width), y: length(attr('y') ?? '-10%', viewport.height),
      width: length(attr('width') ?? '120%', viewport.width), height: length(attr('height') ?? '120%', viewport.height),
    };
  }
  const fraction = (value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const n = value.trim().endsWith('%') ? parseFloat(value) / 100 : parseFloat(value);
    return Number.isFinite(n) ? n : fallback;
  };
  return {
    x: bounds.x + fraction(attr('x'), -0.1) * bounds.width, y: bounds.y + fraction(attr('y'), -0.1) * bounds.height,
    width: fraction(attr('width'), 1.2) * bounds.width, height: fraction(attr('height'), 1.2) * bounds.height,
  };
}
