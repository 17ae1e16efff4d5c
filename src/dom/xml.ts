/**
 * XML parsing for SVG (htmlparser2's XML mode: case kept, self-closing tags honoured) and the
 * source text of inline `<svg>` elements in HTML, which the HTML parser would mis-nest
 * (`<rect/>` is a start tag in HTML mode) — so an inline `<svg>` is re-read from its source as XML.
 */
import { parseDocument } from 'htmlparser2';
import type { DomElement } from './types.js';
import { isElement } from './types.js';

/** The root element of an XML document, or undefined when there is none. */
export function parseXml(text: string): DomElement | undefined {
  const root = parseDocument(text, { xmlMode: true, decodeEntities: true });
  return root.children.find(isElement);
}

const inlineSources = new WeakMap<DomElement, string>();

/** Records the source text of every `<svg>` element of a parsed HTML document. */
export function recordInlineSvg(source: string, element: DomElement): void {
  if (element.name === 'svg' && element.startIndex !== null && element.endIndex !== null) {
    inlineSources.set(element, source.slice(element.startIndex, element.endIndex + 1));
    return;
  }
  for (const child of element.children) if (isElement(child)) recordInlineSvg(source, child);
}

/** The markup of an inline `<svg>` element as written in the HTML. */
export function inlineSvgSource(element: DomElement): string | undefined {
  return inlineSources.get(element);
}
