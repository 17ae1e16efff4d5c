/**
 * A fieldset with a rendered legend (HTML §15.3.13; layout/block/fieldset.ts places the legend):
 * as Chromium's FieldsetPainter, its shadows, background and border are those of the box below
 * the legend's middle when the legend is taller than the border (the border centred on it), and
 * its block-start border is not drawn behind the legend's border box.
 */
import type { BoxFragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';
import type { PlacedBox } from './placed.js';
import type { Rect } from '../geometry/types.js';
import { rectPath } from './path.js';
import { BoxFragmentRecord } from '../layout/fragment-records.js';

type LegendGap = NonNullable<BoxFragment['legendGap']>;

/** The fieldset's decorated box: its border box less the outset above the border (placed `gap.outset` lower). */
export function belowLegend(f: PlacedBox, gap: LegendGap): PlacedBox {
  // a record as layout makes them (fragment-records.ts); paint is given its place apart
  return gap.outset === 0 ? f : new BoxFragmentRecord(f, 0, 0, Math.max(0, f.height - gap.outset), f.children);
}

/** The border items clipped to leave out the gap behind the legend; `all` is the decorated box's border box as painted (placed.ts paintedBorderBox). */
export function withLegendGap(border: readonly DisplayItem[], f: PlacedBox, gap: LegendGap, all: Rect): DisplayItem[] {
  if (border.length === 0 || gap.width <= 0) return [...border];
  const behindLegend = { x: all.x + gap.x, y: all.y, width: gap.width, height: f.border.top };
  const path = [...rectPath(all), ...rectPath(behindLegend)];
  return [{ kind: 'push-clip-path', path, evenOdd: true }, ...border, { kind: 'pop-clip' }];
}
