/**
 * The static position of an absolutely positioned child of a flex container (CSS Flexbox 1 §4.1):
 * where it would be as the sole item of the container, aligned by `justify-content` and its own
 * `align-self`; used for the insets that are `auto`.
 */
import type { LayoutBox } from '../../boxes/types.js';
import { layoutBox } from '../contract.js';
import { resolveSize } from '../box-model.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import type { FlexEnv } from './env.js';
import { alignSelf, positionalCrossOffset } from './env.js';
import { flexItem, marginsOf } from './items.js';
import { distribute, distribution } from './axes.js';

/** The margin box's top-left relative to the container's content box. */
export function absoluteStaticOffset(box: LayoutBox, env: FlexEnv, inner: { main: number; cross: number }, justify: string): { x: number; y: number } {
  const { axes, space } = env;
  const item = flexItem(box, 0, axes, space, env.ctx);
  const size = borderBoxSize(box, env);
  const outerMain = (axes.row ? size.width : size.height) + marginsOf(item.main);
  const outerCross = (axes.row ? size.height : size.width) + marginsOf(item.cross);
  const mainFree = inner.main - outerMain;
  // Browsers ignore `safe` here: an overflowing box takes its unsafe position.
  const unsafe = justify.replace(/^safe /, '');
  const main = distribute(distribution(unsafe, mainFree, !axes.reversed, axes.row ? !axes.mainReverse : undefined), mainFree, 1).start;
  const crossFree = inner.cross - outerCross;
  const cross = positionalCrossOffset(alignSelf(item, env), item, env, crossFree);
  const physicalMain = axes.mainReverse ? inner.main - main - outerMain : main;
  const physicalCross = axes.crossReverse ? inner.cross - cross - outerCross : cross;
  return axes.row ? { x: physicalMain, y: physicalCross } : { x: physicalCross, y: physicalMain };
}

/** The box's border-box size as its positioning will give it (specified, else shrink-to-fit and content height). */
function borderBoxSize(box: LayoutBox, env: FlexEnv): { width: number; height: number } {
  const { containingWidth, containingHeight } = env.space;
  const specifiedWidth = resolveSize(box.style.width, containingWidth);
  const width = specifiedWidth !== undefined && box.style.boxSizing === 'border-box' ? specifiedWidth : shrinkToFitWidth(box, containingWidth, env.ctx);
  const specifiedHeight = resolveSize(box.style.height, containingHeight);
  if (specifiedHeight !== undefined && box.style.boxSizing === 'border-box') return { width, height: specifiedHeight };
  const laid = layoutBox(box, {
    mode: 'measure', available: width, containingWidth, containingHeight, fixedWidth: width,
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, env.ctx);
  return { width, height: laid.kind === 'placed' ? laid.fragment.height : 0 };
}
