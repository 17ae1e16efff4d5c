/**
 * The HTML of an inline `<svg>`'s `<foreignObject>`s (boxes/foreign-object.ts): each block laid
 * out at its size in the SVG's user units, at the origin, as a formatting context of its own that
 * never breaks across pages (the drawing is one replaced piece). The SVG painter draws each where
 * its element stands, under the drawing's transforms; what overflows it is clipped, as
 * `overflow: hidden` (the UA style of `foreignObject`) says.
 */
import type { ReplacedBox } from '../boxes/types.js';
import type { BoxFragment } from './types.js';
import type { LayoutContext } from './contract.js';
import { layoutBox } from './contract.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';

export function layoutForeignObjects(box: ReplacedBox, ctx: LayoutContext): readonly (BoxFragment | undefined)[] | undefined {
  const objects = box.foreignObjects;
  if (objects === undefined) return undefined;
  return objects.map((object) => {
    if (object === undefined) return undefined;
    const laid = layoutBox(object.box, {
      mode: 'layout', available: object.width, containingWidth: object.width, containingHeight: object.height,
      formattingContextRoot: true, x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
    }, ctx);
    return laid.kind === 'placed' ? laid.fragment : undefined;
  });
}
