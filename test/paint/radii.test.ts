import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_RADII, borderRadii, fittedRadii } from '../../src/paint/radii.js';
import type { KeptCorners } from '../../src/paint/radii.js';
import type { ComputedStyle, LengthPercentage } from '../../src/css/types.js';

type Corner = readonly [LengthPercentage, LengthPercentage];

const length: fc.Arbitrary<LengthPercentage> = fc.oneof(
  fc.constantFrom(0, 0, 4, -3, 12.5),
  fc.integer({ min: -20, max: 80 }).map((value): LengthPercentage => ({ kind: 'percent', value })),
);
const corner: fc.Arbitrary<Corner> = fc.tuple(length, length);
const kept: fc.Arbitrary<KeptCorners> = fc.record({ topLeft: fc.boolean(), topRight: fc.boolean(), bottomRight: fc.boolean(), bottomLeft: fc.boolean() });
const none: Corner = [0, 0];

describe('borderRadii with square corners', () => {
  it('gives what resolving every corner gives (fittedRadii), for any corners and kept corners', () => {
    fc.assert(fc.property(corner, corner, corner, corner, kept, (tl, tr, br, bl, k) => {
      const style = { borderTopLeftRadius: tl, borderTopRightRadius: tr, borderBottomRightRadius: br, borderBottomLeftRadius: bl } as ComputedStyle;
      const box = { x: 3, y: 4, width: 120, height: 40 };
      const resolved = fittedRadii([k.topLeft ? tl : none, k.topRight ? tr : none, k.bottomRight ? br : none, k.bottomLeft ? bl : none], box);
      expect(borderRadii(style, box, k)).toEqual(resolved);
    }), { numRuns: 2000 });
  });

  it('answers the shared NO_RADII when every corner has a zero value', () => {
    const style = { borderTopLeftRadius: [0, 5], borderTopRightRadius: [5, 0], borderBottomRightRadius: [0, 0], borderBottomLeftRadius: [{ kind: 'percent', value: 10 }, 0] } as unknown as ComputedStyle;
    expect(borderRadii(style, { x: 0, y: 0, width: 10, height: 10 })).toBe(NO_RADII);
  });
});
