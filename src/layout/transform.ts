/**
 * A box's transformation matrix (CSS Transforms 1 §6, CSS Transforms 2 §12): translate to the
 * transform origin, multiply each function left to right, translate back. Functions are 4×4
 * matrices (column by column, like matrix3d()) so 3D functions compose exactly; the result is
 * flattened to the 2D affine part, which is what a browser shows without `perspective`.
 * Percentages and the origin resolve against the border box.
 */
import type { TransformFunction } from '../css/effect-types.js';
import type { ComputedStyle } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Rect } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import { maxOf, minOf } from '../append-all.js';
import type { Matrix4 } from '../css/values/matrix4.js';
import { multiply4 as multiply, rotation4 as rotation, skew4 } from '../css/values/matrix4.js';

const translation = (x: number, y: number, z: number): Matrix4 => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

function functionMatrix(fn: TransformFunction, box: Rect): Matrix4 {
  switch (fn.kind) {
    case 'translate':
      return translation(resolveLength(fn.x, box.width), resolveLength(fn.y, box.height), resolveLength(fn.z, 0));
    case 'scale':
      return [fn.x, 0, 0, 0, 0, fn.y, 0, 0, 0, 0, fn.z, 0, 0, 0, 0, 1];
    case 'rotate':
      return rotation(fn.x, fn.y, fn.z, fn.angle);
    case 'skew':
      return skew4(fn.x, fn.y);
    case 'matrix':
      return fn.values;
  }
}

/**
 * The matrix of `style`'s transform on border box `box`, in page px; undefined when there is none.
 * The answer for nearly every box is that first test, and per-box walks inline this function: the
 * composition stays out of their compiled code.
 */
export function transformMatrix(style: ComputedStyle, box: Rect): Matrix | undefined {
  return style.transform.length === 0 ? undefined : composedTransform(style, box);
}

function composedTransform(style: ComputedStyle, box: Rect): Matrix {
  const origin = style.transformOrigin;
  const ox = box.x + resolveLength(origin.x, box.width);
  const oy = box.y + resolveLength(origin.y, box.height);
  const oz = resolveLength(origin.z, 0);
  let m = translation(ox, oy, oz);
  for (const fn of style.transform) m = multiply(m, functionMatrix(fn, box));
  m = multiply(m, translation(-ox, -oy, -oz));
  return [m[0]!, m[1]!, m[4]!, m[5]!, m[12]!, m[13]!];
}

/** A matrix that flattens everything to a line or a point: the box is not drawn (CSS Transforms 1 §6). */
export function isSingular(m: Matrix): boolean {
  return Math.abs(m[0] * m[3] - m[1] * m[2]) < 1e-9;
}

/** The bounding box of a rectangle once transformed (a link's clickable area). */
export function transformedBounds(m: Matrix, rect: Rect): Rect {
  const corners = [[rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x, rect.y + rect.height], [rect.x + rect.width, rect.y + rect.height]] as const;
  const xs = corners.map(([x, y]) => m[0] * x + m[2] * y + m[4]);
  const ys = corners.map(([x, y]) => m[1] * x + m[3] * y + m[5]);
  const x = minOf(xs);
  const y = minOf(ys);
  return { x, y, width: maxOf(xs) - x, height: maxOf(ys) - y };
}
