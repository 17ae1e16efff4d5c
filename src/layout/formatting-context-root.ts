/**
 * Which boxes start a formatting context of their own: read by block layout (margins that never
 * collapse through them, floats kept inside), by multi-column layout and by scrollbars.ts (a
 * last child's margin that collapses through a block's end scrolls with it).
 */
import type { LayoutBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';

/** Is the box a multi-column container (CSS Multi-column 1 §2: `column-count` or `column-width` is not auto)? */
export function isMulticol(style: ComputedStyle): boolean {
  return style.columnCount !== 'auto' || style.columnWidth !== 'auto';
}

/** Does the box start a new block formatting context (CSS2 §9.4.1)? Its margins then never collapse with its children's. */
export function establishesBfc(box: LayoutBox): boolean {
  if (box.kind !== 'block') return true;
  const style = box.style;
  return box.outer === 'inline' || style.display === 'flow-root' || style.overflowX !== 'visible' || style.overflowY !== 'visible'
    || style.contain.layout || style.contain.paint || style.alignContent !== 'normal'
    || style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed' || box.element?.name === 'html'
    // a fieldset is a formatting context root (HTML §15.3.13)
    || box.element?.name === 'fieldset'
    || style.display === 'table-cell' || style.display === 'table-caption' || isMulticol(style) || style.maxLines !== 'none';
}
