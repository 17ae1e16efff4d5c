/**
 * The `<use>` budget of an SVG image, checked once it is parsed (its nesting is limited while it
 * is parsed, dom/xml.ts) and before anything is drawn, the same for an SVG file (`<img>`,
 * `background-image`) as for inline `<svg>`: its `<use>` elements may copy at most
 * limits.maxSvgUseElements elements in all — 12 levels of `<g>` each using the level below 10
 * times would draw 10^12 rectangles. The count is memoized per element and `<use>` depth, so it
 * is linear, and its recursion is bounded by the nesting limit times the `<use>` depth.
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { limitExceeded } from '../limits.js';

/** The limits parseSvg applies (options.ts `Limits`). */
export interface SvgLimits {
  readonly maxNestingDepth: number;
  readonly maxSvgUseElements: number;
}

/** `<use>` levels the renderer follows (render.ts stops past 8: reference cycles end there too). */
const MAX_USE_DEPTH = 8;

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

/** Refuses an SVG whose `<use>` elements copy more than `maxCopies` elements (counted as the renderer follows them). */
export function checkSvgUses(root: DomElement, ids: ReadonlyMap<string, DomElement>, maxCopies: number, what: string): void {
  const sizes: Map<DomElement, number>[] = Array.from({ length: MAX_USE_DEPTH + 2 }, () => new Map());
  /** Elements drawn for `element` at `<use>` depth `depth`, itself included. */
  const size = (element: DomElement, depth: number): number => {
    const known = sizes[depth]!.get(element);
    if (known !== undefined) return known;
    let total = 1;
    for (const child of element.children) if (isElement(child)) total += size(child, depth);
    if (localName(element) === 'use' && depth <= MAX_USE_DEPTH) {
      const href = element.attribs['href'] ?? element.attribs['xlink:href'] ?? '';
      const target = href.startsWith('#') ? ids.get(href.slice(1)) : undefined;
      if (target !== undefined) total += size(target, depth + 1);
    }
    sizes[depth]!.set(element, total);
    return total;
  };
  const copies = size(root, 0) - size(root, MAX_USE_DEPTH + 1);
  if (copies > maxCopies) throw limitExceeded('maxSvgUseElements', maxCopies, `${what} copies more than ${maxCopies} elements through <use>`);
}
