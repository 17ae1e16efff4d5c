import { describe, expect, test } from 'vitest';
import type { LengthPercentage } from '../../src/css/types.js';
import { NO_RADII, fittedRadii, hasRadii } from '../../src/paint/radii.js';

type Corner = readonly [LengthPercentage, LengthPercentage];

const box = { x: 0, y: 0, width: 100, height: 40 };
const percent = (value: number): LengthPercentage => ({ kind: 'percent', value });

describe('fittedRadii', () => {
  // the square fast path answers without resolving a corner: the same as resolving each one
  test('square corners (absent, or zero on either axis) give no radii', () => {
    const squares: (Corner | undefined)[] = [[0, 0], [0, 8], [8, 0], [percent(10), 0], [0, percent(10)], undefined];
    for (const square of squares) {
      expect(fittedRadii([square!, square!, square!, square!], box)).toBe(NO_RADII);
    }
    expect(fittedRadii([], box)).toBe(NO_RADII);
  });

  test('a rounded corner beside square ones is resolved and kept', () => {
    expect(fittedRadii([[0, 0], [percent(10), 8], [0, 5], [0, 0]], box)).toEqual([0, 0, 10, 8, 0, 0, 0, 0]);
  });

  test('negative lengths resolve to square corners, as before the fast path', () => {
    expect(fittedRadii([[-4, 6], [0, 0], [0, 0], [0, 0]], box)).toBe(NO_RADII);
  });

  test('radii that overlap are reduced by one factor (CSS Backgrounds 3 §5.5)', () => {
    expect(fittedRadii([[80, 10], [80, 10], [0, 0], [0, 0]], box)).toEqual([50, 6.25, 50, 6.25, 0, 0, 0, 0]);
  });
});

describe('hasRadii', () => {
  test('any positive radius counts', () => {
    expect(hasRadii(NO_RADII)).toBe(false);
    expect(hasRadii([0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(hasRadii([2, 0, 0, 0, 0, 0, 0, 0])).toBe(true);
  });
});
