/**
 * `perspective` (CSS Transforms 2 §10) is not drawn: a child's transform is flattened as without it.
 * That prints the same as Chromium 156 unless the child's transform takes it out of the page's
 * plane (`rotateY(45deg)`, `translateZ(10px)`), which Chromium projects. Only that case is warned,
 * at the element with the perspective: the GPU hack (`-webkit-perspective: 1000` with
 * `translateZ(0)`) changes nothing. Chromium projects a box by its containing block's perspective
 * only — a grandchild inside a plain block is drawn flat there too; the parent stands for it here.
 */
import type { ComputedStyle } from '../css/types.js';
import { leavesPlane } from '../css/values/matrix4.js';

export const FLAT_IN_PERSPECTIVE = 'property `perspective` is not supported: a child\'s 3D transform is drawn flat, where Chromium projects it';

/** Calls `warn` when `parent` has a perspective and the child's transform (`style`) leaves the page's plane. */
export function warnFlatInPerspective(style: ComputedStyle, parent: ComputedStyle | undefined, warn: () => void): void {
  if (parent === undefined || parent.perspective === 'none') return;
  const originZ = typeof style.transformOrigin.z === 'number' ? style.transformOrigin.z : 0;
  if (leavesPlane(style.transform, originZ)) warn();
}
