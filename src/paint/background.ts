/**
 * Backgrounds (CSS Backgrounds 3 §3): background-color under the border box (background-clip:
 * border-box), following the border radii; and the canvas background, which the root element
 * gives up to the page — or, when the root's is transparent, the body's (§2.11.2).
 */
import type { Color } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { Box } from '../boxes/types.js';
import type { BoxFragment, Fragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { Radii } from './radii.js';
import { hasRadii } from './radii.js';

export function paintBackgroundColor(color: Color, rect: Rect, radii: Radii): DisplayItem[] {
  if (color.a <= 0 || rect.width <= 0 || rect.height <= 0) return [];
  if (hasRadii(radii)) return [{ kind: 'fill-path', path: roundedRectPath(rect, radii), color }];
  return [{ kind: 'fill-rect', rect, color }];
}

/** The canvas colour and the box whose own background it was (that box then paints none). */
export interface CanvasBackground {
  readonly color: Color;
  readonly source: Box;
}

const elementName = (fragment: BoxFragment): string | undefined => fragment.box.element?.name.toLowerCase();

function findBox(fragments: readonly Fragment[], name: string): BoxFragment | undefined {
  for (const fragment of fragments) {
    if (fragment.kind === 'box' && elementName(fragment) === name) return fragment;
  }
  return undefined;
}

/** §2.11.2: the root's background, else the body's, propagates to the canvas. */
export function canvasBackground(pageChildren: readonly Fragment[]): CanvasBackground | undefined {
  const root = findBox(pageChildren, 'html');
  if (root === undefined) return undefined;
  if (root.style.backgroundColor.a > 0) return { color: root.style.backgroundColor, source: root.box };
  const body = findBox(root.children, 'body');
  if (body !== undefined && body.style.backgroundColor.a > 0) return { color: body.style.backgroundColor, source: body.box };
  return undefined;
}
