/** Geometry records shared by layout, paint and pdf. Units are CSS px (1/96 in), y grows downwards. */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

export interface Rect extends Point, Size {}

/** Per-side values (margins, borders, padding), in CSS order. */
export interface Sides<T = number> {
  readonly top: T;
  readonly right: T;
  readonly bottom: T;
  readonly left: T;
}


export type Side = keyof Sides;
export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/** No border, no padding. */
export const NO_SIDES: Sides = { top: 0, right: 0, bottom: 0, left: 0 };


/** CSS px to PDF points. */
export const PT_PER_PX = 0.75;
