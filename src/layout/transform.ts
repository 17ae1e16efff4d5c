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

type Matrix4 = readonly number[];

const IDENTITY4: Matrix4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

function multiply(a: Matrix4, b: Matrix4): Matrix4 {
  const out: number[] = [];
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row]! * b[col * 4 + k]!;
      out.push(sum);
    }
  }
  return out;
}

const translation = (x: number, y: number, z: number): Matrix4 => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** rotate3d() (CSS Transforms 2 §15): about the normalised axis, clockwise on screen for +z. */
function rotation(x: number, y: number, z: number, degrees: number): Matrix4 {
  const length = Math.hypot(x, y, z);
  if (length === 0) return IDENTITY4;
  const [ux, uy, uz] = [x / length, y / length, z / length];
  const half = radians(degrees) / 2;
  const sc = Math.sin(half) * Math.cos(half);
  const sq = Math.sin(half) ** 2;
  return [
    1 - 2 * (uy * uy + uz * uz) * sq, 2 * (ux * uy * sq + uz * sc), 2 * (ux * uz * sq - uy * sc), 0,
    2 * (ux * uy * sq - uz * sc), 1 - 2 * (ux * ux + uz * uz) * sq, 2 * (uy * uz * sq + ux * sc), 0,
    2 * (ux * uz * sq + uy * sc), 2 * (uy * uz * sq - ux * sc), 1 - 2 * (ux * ux + uy * uy) * sq, 0,
    0, 0, 0, 1,
  ];
}

function functionMatrix(fn: TransformFunction, box: Rect): Matrix4 {
  switch (fn.kind) {
    case 'translate':
      return translation(resolveLength(fn.x, box.width), resolveLength(fn.y, box.height), resolveLength(fn.z, 0));
    case 'scale':
      return [fn.x, 0, 0, 0, 0, fn.y, 0, 0, 0, 0, fn.z, 0, 0, 0, 0, 1];
    case 'rotate':
      return rotation(fn.x, fn.y, fn.z, fn.angle);
    case 'skew':
      return [1, Math.tan(radians(fn.y)), 0, 0, Math.tan(radians(fn.x)), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
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
