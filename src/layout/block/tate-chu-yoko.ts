/**
 * `text-combine-upright: all` (CSS Writing Modes 3 §9.1, tate-chū-yoko). css/compute.ts makes
 * the inline an inline-block turned back upright (`rotate(-90deg)`); here it is set as one
 * character of the vertical line: one em along the line and across it, centred across the line
 * as upright glyphs are (between the font's ascent and descent, paint/upright-glyphs.ts), its
 * text compressed to one em when wider (`2026`), as Chromium sets it.
 */
import type { LayoutBox } from '../../boxes/types.js';
import type { BoxFragment } from '../types.js';
import type { LayoutContext } from '../contract.js';
import type { AtomicLayout } from '../inline/pieces.js';
import { offsetFragment } from '../fragment.js';
import { withBoxFields } from '../fragment-records.js';
import { withStyle } from '../../css/compute.js';
import { inlineMetrics } from '../inline/vertical-align.js';
import { inlineEnv } from './inline-env.js';

/** Whether the box is a tate-chū-yoko inline (css/compute.ts `tateChuYoko`). */
export function isTateChuYoko(box: LayoutBox): boolean {
  const style = box.style;
  return box.kind === 'block' && style.textCombineUpright === 'all' && style.writingMode !== 'horizontal-tb' && style.display === 'inline-block';
}

/** The laid-out inline (`laid`: its border box at the margin box's origin) set in one em square. */
export function combinedUpright(box: LayoutBox, laid: BoxFragment, margins: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number }, ctx: LayoutContext): AtomicLayout {
  const style = box.style;
  const em = style.fontSize;
  const scale = laid.width > em ? em / laid.width : 1;
  // the turn first (as compute.ts wrote it), then the squeeze along the text: applied to the box in the opposite order
  const [turn, ...rest] = style.transform;
  const transform = turn === undefined ? style.transform : [turn, { kind: 'scale' as const, x: scale, y: 1, z: 1 }, ...rest];
  const children = laid.children.map((child) => offsetFragment(child, (em - laid.width) / 2, (em - laid.height) / 2));
  const fragment = withBoxFields(laid, { style: withStyle(style, { transform }), width: em, height: em, children });
  const font = inlineMetrics(style, inlineEnv(ctx)).font;
  const width = em + margins.left + margins.right;
  return {
    fragment, width, height: em + margins.top + margins.bottom,
    baseline: margins.top + em / 2 + (font.ascent - font.descent) / 2,
    contributions: { minContent: width, maxContent: width },
  };
}
