/**
 * `<foreignObject>` in an inline `<svg>` (SVG 2 §23.2): HTML drawn inside the drawing — how
 * Mermaid writes every label (`htmlLabels`, its default) and draw.io its text. The content is the
 * page's: styled by its cascade, made into boxes by the box builder as a block of the element's
 * `width` × `height` in the SVG's user units, laid out as a formatting context of its own
 * (layout/foreign-object.ts) and drawn by the SVG painter where the element stands, under the
 * drawing's transforms (paint/svg-render.ts).
 *
 * The drawing re-reads the SVG's markup as XML (resources/svg-document.ts): each `<foreignObject>`
 * is written there empty, with its number (FOREIGN_OBJECT_ATTRIBUTE), so that the painter knows
 * which laid-out block it draws, and HTML that is no well-formed XML (`<br>`) cannot spoil the drawing.
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import type { ComputedStyle } from '../css/types.js';
import { length, numbers } from '../css/values/svg-units.js';
import { fontFamilyText } from '../css/properties/fonts.js';

/** On a `<foreignObject>` of the drawing's markup: its number, the index of its block in ReplacedBox.foreignObjects. */
export const FOREIGN_OBJECT_ATTRIBUTE = 'data-octavo-foreign';

/** Its name lower-cased (the page's parser gives SVG elements their camel-case names; written in lower case, they may keep it). */
const FOREIGN_OBJECT = 'foreignobject';

/** The `<foreignObject>`s of an inline `<svg>` in document order; those inside another one are its content's. */
export function foreignObjectsOf(svg: DomElement): DomElement[] {
  const found: DomElement[] = [];
  const stack = svg.children.filter(isElement).reverse(); // a stack, not recursion: a drawing may nest deep
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.name.toLowerCase() === FOREIGN_OBJECT) {
      found.push(element);
      continue;
    }
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i]!;
      if (isElement(child)) stack.push(child);
    }
  }
  return found;
}

/** An SVG length attribute in user units: `basis` for percentages, the element's font for em; undefined when absent or unreadable. */
function userLength(value: string | undefined, basis: number, style: ComputedStyle): number | undefined {
  const n = length(value, basis, NaN, { fontSize: style.fontSize, fontFamily: fontFamilyText(style.fontFamily) });
  return Number.isFinite(n) ? n : undefined;
}

/** The SVG's user space, which percentages of its elements' lengths are of: its viewBox, else its own size (300 × 150 by default). */
function userSpace(svg: DomElement, style: ComputedStyle): { width: number; height: number } {
  // read as the painter reads it (paint/svg-render.ts)
  const box = numbers(svg.attribs['viewbox'] ?? svg.attribs['viewBox']);
  if (box.length === 4) return { width: box[2]!, height: box[3]! };
  return { width: userLength(svg.attribs['width'], 0, style) || 300, height: userLength(svg.attribs['height'], 0, style) || 150 };
}

/**
 * A `<foreignObject>`'s block as the box builder makes it: the element's style (`own`, from the
 * page's cascade) as a block of its size; undefined when it is not displayed or has no area
 * (SVG 2 §23.2: nothing is drawn).
 */
export function foreignObjectBlock(element: DomElement, svg: DomElement, own: ComputedStyle | undefined, initial: ComputedStyle): { style: ComputedStyle; width: number; height: number } | undefined {
  if (own === undefined || own.display === 'none') return undefined;
  const size = foreignObjectSize(element, svg, own);
  if (size.width <= 0 || size.height <= 0) return undefined;
  return { style: foreignObjectStyle(own, size, initial), ...size };
}

/**
 * A `<foreignObject>`'s size in user units: the `width` and `height` properties when the page's
 * CSS sets them in px (SVG 2 geometry properties), else its attributes; 0 when neither.
 * Percentages are of the SVG's user space.
 */
function foreignObjectSize(element: DomElement, svg: DomElement, style: ComputedStyle): { width: number; height: number } {
  const space = userSpace(svg, style);
  const side = (css: ComputedStyle['width'], attribute: string, basis: number): number => {
    const value = typeof css === 'number' ? css : userLength(element.attribs[attribute], basis, style);
    return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
  };
  return { width: side(style.width, 'width', space.width), height: side(style.height, 'height', space.height) };
}

/**
 * The style of a `<foreignObject>`'s block: its own, as a block of its size. What the SVG painter
 * applies to the element — its transforms, opacity, clip, mask and filter, its placement at
 * `x`/`y` — is set back to `initial`'s, or it would apply twice; it is positioned so that the
 * absolutely positioned boxes of its content are placed inside it.
 */
function foreignObjectStyle(style: ComputedStyle, size: { width: number; height: number }, initial: ComputedStyle): ComputedStyle {
  return {
    ...style, display: 'block', position: 'relative', float: 'none', top: 'auto', right: 'auto', bottom: 'auto', left: 'auto',
    boxSizing: 'content-box', width: size.width, height: size.height, minWidth: 0, minHeight: 0, maxWidth: 'none', maxHeight: 'none',
    marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
    transform: initial.transform, translate: initial.translate, rotate: initial.rotate, scale: initial.scale, opacity: initial.opacity,
    clipPath: initial.clipPath, maskImage: initial.maskImage, filter: initial.filter,
  };
}
