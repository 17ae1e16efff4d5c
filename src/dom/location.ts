/** Source locations of elements, for diagnostics. */
import type { SourceLocation } from '../errors.js';
import type { DomDocument, DomElement } from './types.js';

/** Where an element's start tag begins in the document source (file:line:column). */
export function elementLocation(dom: DomDocument, element: DomElement): SourceLocation {
  if (element.startIndex === null) return { file: dom.sourceName };
  return { file: dom.sourceName, ...dom.locate(element.startIndex) };
}
