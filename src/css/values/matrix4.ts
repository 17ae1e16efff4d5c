/**
 * 4×4 matrices of transform functions (CSS Transforms 2 §12), column by column like matrix3d():
 * the parts that do not depend on the box (its size only moves translations and the origin).
 */
import type { TransformFunction } from '../model/effect-types.js';

export type Matrix4 = readonly number[];

export const IDENTITY4: Matrix4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export function multiply4(a: Matrix4, b: Matrix4): Matrix4 {
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

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** rotate3d() (CSS Transforms 2 §15): about the normalised axis, clockwise on screen for +z. */
export function rotation4(x: number, y: number, z: number, degrees: number): Matrix4 {
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

/** The skew() matrix. */
export function skew4(x: number, y: number): Matrix4 {
  return [1, Math.tan(radians(y)), 0, 0, Math.tan(radians(x)), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

/** The function's matrix without its translation lengths (which depend on the box): identity for translate(). */
function linear4(fn: TransformFunction): Matrix4 {
  switch (fn.kind) {
    case 'scale': return [fn.x, 0, 0, 0, 0, fn.y, 0, 0, 0, 0, fn.z, 0, 0, 0, 0, 1];
    case 'rotate': return rotation4(fn.x, fn.y, fn.z, fn.angle);
    case 'skew': return skew4(fn.x, fn.y);
    case 'matrix': return fn.values;
    case 'translate': return IDENTITY4;
  }
}

/**
 * Does the transform take points of the box's plane out of it (z ≠ 0: `rotateY(45deg)`,
 * `translateZ(10px)`), where a parent's `perspective` would project them? `translateZ(0)`,
 * `rotate()` and `rotateY(180deg)` keep them in it. `originZ` is the transform origin's z in px.
 */
export function leavesPlane(list: readonly TransformFunction[], originZ: number): boolean {
  let m = IDENTITY4;
  for (const fn of list) {
    if (fn.kind === 'translate') m = multiply4(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, typeof fn.z === 'number' ? fn.z : 0, 1]);
    else m = multiply4(m, linear4(fn));
  }
  // z of a point (x, y, 0) around the origin: m[2]·x + m[6]·y + m[14] + originZ·(1 − m[10])
  const near = (value: number): boolean => Math.abs(value) < 1e-9;
  return !near(m[2]!) || !near(m[6]!) || !near(m[14]! + originZ * (1 - m[10]!));
}

/**
 * Does the transform turn the box's back toward the viewer (CSS Transforms 2 §11,
 * `backface-visibility`)? Its linear part's inverse takes the viewer's z axis to a negative z, as
 * `rotateY(180deg)` does (a mirroring `scaleX(-1)` does not). Translations leave it unchanged.
 */
export function showsBackFace(list: readonly TransformFunction[]): boolean {
  let m = IDENTITY4;
  for (const fn of list) m = multiply4(m, linear4(fn));
  const [a, b, c, , d, e, f, , g, h, i] = m as [number, number, number, number, number, number, number, number, number, number, number];
  const det = a * (e * i - f * h) - d * (b * i - c * h) + g * (b * f - c * e);
  // the inverse's z-z entry: the cofactor of i over the determinant
  return Math.abs(det) > 1e-12 && (a * e - b * d) / det < 0;
}
