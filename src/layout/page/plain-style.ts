/**
 * Styles of the anonymous boxes paged media makes outside the box tree (the footnote area's
 * inline-note runs, images in margin-box `content`): the parent's inherited properties on a box
 * with the initial box properties (no margins, padding, borders, background, size or alignment).
 */
import type { ComputedStyle } from '../../css/types.js';

export function plainStyle(parent: ComputedStyle, display: 'block' | 'inline'): ComputedStyle {
  return {
    ...parent, display, position: 'static', float: 'none', verticalAlign: 'baseline',
    marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
    paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0,
    borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: ['none'], boxShadow: [],
    width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
  };
}
