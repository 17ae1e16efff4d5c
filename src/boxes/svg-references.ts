/**
 * References from an HTML element's CSS to elements of an inline `<svg>` of the page. `filter:
 * url(#id)` (Filter Effects 1 §5): the `<filter>` with that id, as the CSS filter functions it
 * amounts to (css/values/svg-filter.ts), in the reference's place in the chain. `clip-path:
 * url(#id)` (CSS Masking 1 §3.1): the `<clipPath>` with that id, which paint draws
 * (paint/clip-path.ts). A filter those functions cannot say is rasterised by the painter
 * (paint/svg-filter-raster.ts); a reference to no such element is left out with a warning (the
 * element is drawn without it).
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { documentInlineSvgs } from '../dom/xml.js';
import type { ComputedStyle } from '../css/types.js';
import type { FilterFunction } from '../css/image-types.js';
import { svgFilterFunctions } from '../css/values/svg-filter.js';

/** `style` with its filter and clip-path references resolved (itself when it has none); `warn` names each one left out. */
export function withSvgReferences(style: ComputedStyle, element: DomElement, warn: (message: string) => void): ComputedStyle {
  return withClipReference(withFilterReferences(style, element, warn), element, warn);
}

/** `style` with its filter references replaced by what they amount to (itself when it has none); `warn` names each one left out. */
function withFilterReferences(style: ComputedStyle, element: DomElement, warn: (message: string) => void): ComputedStyle {
  if (!style.filter.some(isReference)) return style;
  const functions: FilterFunction[] = [];
  for (const f of style.filter) {
    if (f.kind !== 'url') {
      functions.push(f);
      continue;
    }
    const id = fragmentOf(f.url);
    const filter = id === undefined ? undefined : svgElementById(element, id, 'filter');
    if (filter === undefined) {
      warn(`\`filter: url(${id === undefined ? f.url : `#${id}`})\` names no <filter> of an inline <svg> of the page: left out of the chain`);
      continue;
    }
    const amounts = svgFilterFunctions(filter);
    // what the functions cannot say is rasterised (paint/svg-filter-raster.ts)
    if (amounts === undefined) functions.push({ kind: 'svg-filter', svgFilter: filter });
    else for (const fn of amounts) functions.push(fn);
  }
  return { ...style, filter: functions };
}

function isReference(f: FilterFunction): boolean {
  return f.kind === 'url';
}

function fragmentOf(url: string): string | undefined {
  const hash = url.indexOf('#');
  if (hash < 0 || hash === url.length - 1) return undefined;
  try {
    return decodeURIComponent(url.slice(hash + 1));
  } catch {
    return url.slice(hash + 1);
  }
}

/** `style` with its `clip-path: url(#id)` replaced by the `<clipPath>` it names, or by `none` (with a warning) when it names none. */
function withClipReference(style: ComputedStyle, element: DomElement, warn: (message: string) => void): ComputedStyle {
  const clip = style.clipPath;
  if (clip === 'none' || !('reference' in clip)) return style;
  const id = fragmentOf(clip.reference);
  const svgClip = id === undefined ? undefined : svgElementById(element, id, 'clipPath');
  if (svgClip !== undefined) return { ...style, clipPath: { svgClip } };
  warn(`\`clip-path: url(${id === undefined ? clip.reference : `#${id}`})\` names no <clipPath> of an inline <svg> of the page: the element is not clipped`);
  return { ...style, clipPath: 'none' };
}

/** The first element of this name (as parsed: `clipPath` is `clippath`) with this id in the page's inline SVGs, in document order. */
function svgElementById(from: DomElement, id: string, name: string): DomElement | undefined {
  const lower = name.toLowerCase();
  for (const svg of documentInlineSvgs(from)) {
    const stack: DomElement[] = [svg];
    while (stack.length > 0) {
      const element = stack.pop()!;
      if (element.attribs['id'] === id && element.name.toLowerCase() === lower) return element;
      for (let i = element.children.length - 1; i >= 0; i--) {
        const child = element.children[i]!;
        if (isElement(child)) stack.push(child);
      }
    }
  }
  return undefined;
}
