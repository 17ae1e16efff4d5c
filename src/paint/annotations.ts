/**
 * Interactive items, in tree order: a link per fragment of an `a[href]` (its border box, or the
 * bounding box of where a transform draws it), a named destination per element id (where
 * `href="#id"` links go), and a bookmark per element with a `bookmark-level` (h1-h6 in the UA
 * sheet) on the page where it starts, titled by its `bookmark-label` (evaluated when the box tree
 * is built; default: the element's text).
 */
import type { Fragment } from '../layout/types.js';
import type { PlacedBox } from './placed.js';
import { borderBoxAt } from './placed.js';
import type { DisplayItem, Matrix } from './display-list.js';
import type { Rect } from '../geometry/types.js';
import { multiply } from '../geometry/matrix.js';
import { intersectRects } from '../geometry/rect.js';
import { fragmentTransform } from './effects.js';
import { transformedBounds } from '../layout/transform.js';
import { overflowClip } from './overflow-clip.js';

/** `rect` where it is drawn: the bounding box of its transformed corners (CSS Transforms 1 §6). */
function placed(rect: Rect, matrix: Matrix | undefined): Rect {
  return matrix === undefined ? rect : transformedBounds(matrix, rect);
}

/**
 * Appends the box's own link, destination and bookmark to `items` (most boxes have none: no list
 * made per box); its border box is at (x, y) on the page.
 */
function boxAnnotations(f: PlacedBox, x: number, y: number, at: { readonly matrix: Matrix | undefined; readonly clip: Rect | undefined }, items: DisplayItem[]): void {
  const element = f.box.element;
  if (element === undefined || f.box.pseudo !== undefined) return;
  const { matrix, clip } = at;
  const href = element.attribs['href'];
  if (href !== undefined && element.name.toLowerCase() === 'a' && href.trim() !== '' && f.style.visibility === 'visible' && f.width > 0 && f.height > 0) {
    // only where it shows: a link hidden by `overflow` is no area to click over what is drawn there
    const rect = clipped(placed(borderBoxAt(f, x, y), matrix), clip);
    if (rect !== undefined) items.push({ kind: 'link', rect, url: href.trim(), ...(element.dom === undefined ? {} : { element: element.dom }) });
  }
  const id = element.attribs['id'];
  const level = f.style.bookmarkLevel;
  if (f.continuedBefore || ((id === undefined || id === '') && level === 'none')) return;
  const target = destinationOf(f, x, y, matrix);
  if (id !== undefined && id !== '') items.push({ kind: 'destination', name: id, ...target });
  if (level !== 'none') {
    // its strings joined in a loop: `map(…).join('')` made a closure per box, and the mapped
    // array's elements kind changed between renders (a "wrong map" deopt of collectAnnotations)
    let title = '';
    for (const item of f.style.bookmarkLabel) if (item.kind === 'string') title += item.value;
    // the spread last: on Node 20's V8 a literal with keys after a spread gets a new map per call once warm
    if (title !== '') items.push({ kind: 'bookmark', level, title, open: f.style.bookmarkState === 'open', ...target });
  }
}

/**
 * Where a destination points: the top of the box as drawn, and for a box turned by a transform
 * (a rotated element, every box of a vertical document) its left edge too — its lines do not
 * start at the page's left edge then.
 */
function destinationOf(f: PlacedBox, x: number, y: number, matrix: Matrix | undefined): { readonly y: number; readonly x?: number } {
  const drawn = placed(borderBoxAt(f, x, y), matrix);
  const turned = matrix !== undefined && (matrix[1] !== 0 || matrix[2] !== 0);
  return turned ? { y: drawn.y, x: drawn.x } : { y: drawn.y };
}

/** The annotations of a page's fragments (margin boxes or flow); `matrix`: a transform they are all drawn through. */
export function collectAnnotations(fragments: readonly Fragment[], matrix?: Matrix): DisplayItem[] {
  const out: DisplayItem[] = [];
  collectIn(fragments, 0, 0, { matrix, clip: undefined }, out);
  return out;
}

/** `rect` within `clip` (both on the page); undefined when nothing of it is left. */
function clipped(rect: Rect, clip: Rect | undefined): Rect | undefined {
  if (clip === undefined) return rect;
  const within = intersectRects(rect, clip);
  return within.width > 0 && within.height > 0 ? within : undefined;
}

/**
 * `fragments` are in a frame whose origin is at (originX, originY) on the page (placed.ts);
 * `matrix`: the transforms of the ancestors, composed (page px); `clip`: the ancestors' overflow
 * clips met so far, as one rect on the page (an upright box around a turned one).
 */
function collectIn(fragments: readonly Fragment[], originX: number, originY: number, at: { readonly matrix: Matrix | undefined; readonly clip: Rect | undefined }, out: DisplayItem[]): void {
  for (const fragment of fragments) {
    if (fragment.kind === 'box') {
      const x = fragment.x + originX;
      const y = fragment.y + originY;
      const own = fragmentTransform(fragment, x, y);
      const matrix = own === undefined ? at.matrix : at.matrix === undefined ? own : multiply(at.matrix, own);
      const inner = { matrix, clip: at.clip };
      boxAnnotations(fragment, x, y, inner, out);
      const clip = overflowClip(fragment, x, y);
      const drawn = clip === undefined ? undefined : placed(clip.rect, matrix);
      // (clips that do not meet leave an empty one: nothing is inside it)
      const within = drawn === undefined ? inner : { matrix, clip: at.clip === undefined ? drawn : intersectRects(drawn, at.clip) };
      collectIn(fragment.children, x, y, within, out);
    } else if (fragment.kind === 'line') {
      collectIn(fragment.children, fragment.x + originX, fragment.y + originY, at, out);
    }
  }
}
