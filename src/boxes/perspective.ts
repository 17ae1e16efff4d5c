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
import type { DomElement } from '../dom/types.js';
import { HIDDEN_BACK_FACE, warnHiddenBackFace } from './back-face.js';

export const FLAT_IN_PERSPECTIVE = 'property `perspective` is not supported: a child\'s 3D transform is drawn flat, where Chromium projects it';

/**
 * Warns what the transformed `element` (its style `style`) would print differently in 3D: its back
 * face hidden (back-face.ts), or its parent's perspective — that one at the parent.
 */
export function warnUndrawn3d(style: ComputedStyle, element: DomElement, styleOf: (element: DomElement) => ComputedStyle | undefined, warn: (message: string, at: DomElement) => void): void {
  warnHiddenBackFace(style, () => warn(HIDDEN_BACK_FACE, element));
  const parent = element.parent?.type === 'tag' ? element.parent : undefined;
  if (parent === undefined || (styleOf(parent)?.perspective ?? 'none') === 'none') return;
  const originZ = typeof style.transformOrigin.z === 'number' ? style.transformOrigin.z : 0;
  if (leavesPlane(style.transform, originZ)) warn(FLAT_IN_PERSPECTIVE, parent);
}
