/** The outer display type a box takes from `display` (CSS Display 3 §2), and blockification (§2.7). */
import type { ComputedStyle, Display } from '../css/types.js';
import type { Box, OutOfFlowBox } from './types.js';

export type OuterDisplay = 'block' | 'inline' | 'inline-flow';

/** Outer display type, and whether an inline is a plain inline box (flow) or atomic. */
export function outerDisplay(display: Display): OuterDisplay {
  switch (display) {
    case 'inline': return 'inline-flow';
    case 'inline-block': case 'inline-table': case 'inline-flex': case 'inline-grid': return 'inline';
    default: return 'block';
  }
}

const BLOCKIFIED: Partial<Record<Display, Display>> = { inline: 'block', 'inline-block': 'block', 'inline-table': 'table', 'inline-flex': 'flex', 'inline-grid': 'grid', 'table-cell': 'block', 'table-row': 'block' };

/** CSS Display 3 §2.7: floats, absolutely positioned boxes and the root are block-level. */
export function blockified(style: ComputedStyle): ComputedStyle {
  const display = BLOCKIFIED[style.display];
  return display === undefined ? style : { ...style, display };
}

/** A flex or grid container's display, inner or atomic inline. */
export function isFlexOrGrid(display: Display): boolean {
  return display === 'flex' || display === 'inline-flex' || display === 'grid' || display === 'inline-grid';
}

/** An atomic inline child of a flex or grid container becomes a block-level item (CSS Display 3 §2.7). */
export function blockifiedItem(child: Box): Box {
  if ((child.kind === 'block' || child.kind === 'replaced' || child.kind === 'flex' || child.kind === 'grid' || child.kind === 'table-wrapper' || child.kind === 'math') && child.outer === 'inline') {
    return { ...child, outer: 'block', style: blockified(child.style) } as Box;
  }
  return child;
}

/** CSS2 §9.3: floats and absolutely positioned boxes leave the flow (an absolute box does not float). */
export function outOfFlowScheme(style: ComputedStyle): OutOfFlowBox['scheme'] | undefined {
  if (style.position === 'absolute' || style.position === 'fixed') return style.position;
  if (typeof style.position === 'object') return 'running';
  if (style.float === 'footnote') return 'footnote';
  return style.float !== 'none' ? 'float' : undefined;
}
