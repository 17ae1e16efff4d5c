/**
 * `backface-visibility: hidden` (CSS Transforms 2 §11) is not honoured: a box whose transform turns
 * its back to the viewer (`rotateY(180deg)`, the back of a flip card) is drawn all the same, as
 * Chromium 156 prints it. Only such a box is warned: on any other the value changes nothing (the
 * `backface-visibility: hidden` that carousels and hover effects write on every slide or image).
 */
import type { ComputedStyle } from '../css/types.js';
import { showsBackFace } from '../css/values/matrix4.js';

export const HIDDEN_BACK_FACE = '`backface-visibility: hidden` on a box turned to show its back is not honoured: it is drawn, as Chromium prints it';

/** Calls `warn` when the box has `backface-visibility: hidden` and its transform shows its back. */
export function warnHiddenBackFace(style: ComputedStyle, warn: () => void): void {
  if (style.backfaceVisibility === 'hidden' && style.transform.length > 0 && showsBackFace(style.transform)) warn();
}
