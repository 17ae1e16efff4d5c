/**
 * A `<clipPath>` (CSS Masking 1 §14.3) as one path: the union of its shapes (each a basic shape or
 * path element, its own `transform` applied, `display: none` ones left out), in the user space of
 * what it clips — scaled to that element's bounding box with clipPathUnits=objectBoundingBox. An
 * SVG element's clip (svg-render.ts) and an HTML element's `clip-path: url(#id)` (clip-path.ts) both.
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import { multiply } from '../geometry/matrix.js';
import type { PathSegment } from './display-list.js';
import type { SvgStyle } from '../resources/svg-style.js';
import { elementTransform, parseTransform, shapePath } from './svg-geometry.js';
import type { Viewport } from './svg-geometry.js';
import { appendAll } from '../append-all.js';
import { mappedPath } from './path.js';

export interface ClipOutline {
  /** Empty when nothing is drawn in the clip path: it then clips everything away. */
  readonly path: PathSegment[];
  readonly evenOdd: boolean;
}

/** `styleOf`: a child's style (its `display`, `clip-rule`, `transform`); `bounds`: the clipped element's bounding box, asked for only with objectBoundingBox. */
export function clipPathOutline(clip: DomElement, styleOf: (child: DomElement) => SvgStyle, viewport: Viewport, bounds: () => Rect): ClipOutline {
  let unit: Matrix = parseTransform(clip.attribs['transform']);
  if ((clip.attribs['clipPathUnits'] ?? clip.attribs['clippathunits']) === 'objectBoundingBox') {
    const b = bounds();
    unit = multiply([b.width, 0, 0, b.height, b.x, b.y], unit);
  }
  const path: PathSegment[] = [];
  let evenOdd = false;
  for (const child of clip.children) {
    if (!isElement(child)) continue;
    const style = styleOf(child);
    if (style.display === 'none') continue;
    const shape = shapePath(child, viewport);
    if (shape === undefined) continue;
    evenOdd = style.clipRule === 'evenodd';
    appendAll(path, mappedPath(shape, multiply(unit, elementTransform(style.transform, style.transformOrigin, viewport))));
  }
  return { path, evenOdd };
}

