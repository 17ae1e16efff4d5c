/** Collecting flex items into flex lines (CSS Flexbox 1 §9.3 step 5). */
import type { SizedItem } from './base-size.js';
import { marginsOf } from './items.js';

/** The outer hypothetical main size: margins added, auto margins as 0. */
export function outerHypothetical(sized: SizedItem): number {
  return sized.hypothetical + marginsOf(sized.item.main);
}

/**
 * A single-line container puts every item on one line; a multi-line one starts a new line when
 * the next item's outer hypothetical main size would overflow the available main space.
 */
export function collectLines(items: readonly SizedItem[], wrap: boolean, availableMain: number, gap: number): SizedItem[][] {
  if (!wrap) return items.length === 0 ? [] : [[...items]];
  const lines: SizedItem[][] = [];
  let line: SizedItem[] = [];
  let used = 0;
  for (const sized of items) {
    const outer = outerHypothetical(sized);
    if (line.length > 0 && used + gap + outer > availableMain + 0.01) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length > 0 ? gap : 0) + outer;
    line.push(sized);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
