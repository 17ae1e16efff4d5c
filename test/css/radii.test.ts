import { describe, expect, it, test } from 'vitest';
import fc from 'fast-check';
import { NO_RADII, borderRadii, fittedRadii, hasRadii } from '../../src/css/values/radii.js';
import type { KeptCorners } from '../../src/css/values/radii.js';
import type { ComputedStyle, LengthPercentage } from '../../src/css/types.js';
import { resolveLength } from '../../src/css/values/length.js';

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

const length: fc.Arbitrary<LengthPercentage> = fc.oneof(
  fc.constantFrom(0, 0, 4, -3, 12.5),
  fc.integer({ min: -20, max: 80 }).map((value): LengthPercentage => ({ kind: 'percent', value })),
);
const corner: fc.Arbitrary<Corner> = fc.tuple(length, length);
const kept: fc.Arbitrary<KeptCorners> = fc.record({ topLeft: fc.boolean(), topRight: fc.boolean(), bottomRight: fc.boolean(), bottomLeft: fc.boolean() });
const none: Corner = [0, 0];

/** The radii as resolved before the square-corner shortcuts: every corner, then one factor (§5.1, §5.5). */
function referenceRadii(corners: readonly Corner[], box: { width: number; height: number }): number[] {
  const resolved = corners.map(([h, v]) => {
    const x = Math.max(0, resolveLength(h, box.width));
    const y = Math.max(0, resolveLength(v, box.height));
    return x > 0 && y > 0 ? [x, y] : [0, 0];
  });
  const [[tlh, tlv], [trh, trv], [brh, brv], [blh, blv]] = resolved as [number, number][];
  const ratio = (length: number, sum: number): number => (sum > 0 ? length / sum : Infinity);
  const f = Math.min(1, ratio(box.width, tlh! + trh!), ratio(box.width, blh! + brh!), ratio(box.height, tlv! + blv!), ratio(box.height, trv! + brv!));
  return [tlh!, tlv!, trh!, trv!, brh!, brv!, blh!, blv!].map((r) => r * f);
}

describe('borderRadii and fittedRadii with their square-corner shortcuts', () => {
  it('give what resolving every corner gives, for any corners and kept corners', () => {
    fc.assert(fc.property(corner, corner, corner, corner, kept, (tl, tr, br, bl, k) => {
      const style = { borderTopLeftRadius: tl, borderTopRightRadius: tr, borderBottomRightRadius: br, borderBottomLeftRadius: bl } as ComputedStyle;
      const box = { x: 3, y: 4, width: 120, height: 40 };
      const keptCorners = [k.topLeft ? tl : none, k.topRight ? tr : none, k.bottomRight ? br : none, k.bottomLeft ? bl : none];
      const expected = referenceRadii(keptCorners, box);
      expect([...borderRadii(style, box, k)]).toEqual(expected);
      expect([...fittedRadii(keptCorners, box)]).toEqual(expected);
    }), { numRuns: 2000 });
  });

  it('answers the shared NO_RADII when every corner has a zero value', () => {
    const style = { borderTopLeftRadius: [0, 5], borderTopRightRadius: [5, 0], borderBottomRightRadius: [0, 0], borderBottomLeftRadius: [{ kind: 'percent', value: 10 }, 0] } as unknown as ComputedStyle;
    expect(borderRadii(style, { x: 0, y: 0, width: 10, height: 10 })).toBe(NO_RADII);
  });
});
