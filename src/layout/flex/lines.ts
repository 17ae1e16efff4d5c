/** Collecting flex items into flex lines (CSS Flexbox 1 §9.3 step 5), greedily or balanced. */
import type { ComputedStyle } from '../../css/types.js';
import type { SizedItem } from './base-size.js';
import { marginsOf } from './items.js';
import { balanceLines } from './balance.js';

/** How a container breaks its items into lines. */
export interface Wrapping {
  readonly wrap: boolean;
  readonly balance: boolean;
  /** The least number of balanced lines (`flex-line-count`). */
  readonly minLines: number;
}

export function wrappingOf(style: Pick<ComputedStyle, 'flexWrap' | 'flexLineCount'>): Wrapping {
  return { wrap: style.flexWrap !== 'nowrap', balance: style.flexWrap.endsWith('balance'), minLines: style.flexLineCount };
}

/** The outer hypothetical main size: margins added, auto margins as 0. */
export function outerHypothetical(sized: SizedItem): number {
  return sized.hypothetical + marginsOf(sized.item.main);
}

/**
 * A single-line container puts every item on one line; a multi-line one starts a new line when
 * the next item's outer hypothetical main size would overflow the available main space; a
 * balanced one breaks where balance.ts says.
 */
export function collectLines(items: readonly SizedItem[], wrapping: Wrapping, availableMain: number, gap: number): SizedItem[][] {
  if (!wrapping.wrap) return items.length === 0 ? [] : [[...items]];
  if (wrapping.balance) return balanceLines(items, outerHypothetical, availableMain, gap, wrapping.minLines);
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
