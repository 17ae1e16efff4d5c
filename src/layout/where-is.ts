/**
 * Where a layout warning points: the element's start tag in the document source, when the tree
 * can say (BoxTree.locate, LayoutContext.locate), else nowhere in particular.
 */
import type { BoxElement } from '../boxes/types.js';
import type { SourceLocation } from '../errors.js';

export function whereIs(source: { readonly locate?: ((element: BoxElement) => SourceLocation) | undefined }, element: BoxElement | undefined): SourceLocation {
  return element === undefined || source.locate === undefined ? {} : source.locate(element);
}
