/**
 * Gradient stops as the PDF shading gets them (paint/gradient.ts): premultiplied interpolation
 * (CSS Images 4 §3.4.4) written as colour and alpha apart, so a transparent stop must carry the
 * colour it fades to — the nearest visible stop's on each side, through a run of transparent ones.
 */
import { describe, expect, it } from 'vitest';
import { premultiplyStops } from '../../src/paint/gradient.js';

const grey = { r: 238 / 255, g: 238 / 255, b: 238 / 255, a: 1 };
const red = { r: 1, g: 0, b: 0, a: 1 };
const clear = { r: 0, g: 0, b: 0, a: 0 };
const described = (stops: ReturnType<typeof premultiplyStops>): string[] => stops.map((s) => `${s.offset} ${Math.round(s.color.r * 255)},${Math.round(s.color.g * 255)},${Math.round(s.color.b * 255)}/${s.color.a}`);

describe('premultiplied gradient stops', () => {
  it('give a transparent stop the colour on each side of it', () => {
    expect(described(premultiplyStops([{ offset: 0, color: red }, { offset: 0.5, color: clear }, { offset: 1, color: grey }])))
      .toEqual(['0 255,0,0/1', '0.5 255,0,0/0', '0.5 238,238,238/0', '1 238,238,238/1']);
  });

  it('carry the visible colour through a run of transparent stops (a stripe of repeating-linear-gradient(#eee 0 1px, transparent 1px 20px))', () => {
    // the black of `transparent` showed at the stripes' edges, darker than the stripe, where a viewer samples colour and alpha apart
    expect(described(premultiplyStops([{ offset: 0, color: grey }, { offset: 0.05, color: grey }, { offset: 0.05, color: clear }, { offset: 1, color: clear }])))
      .toEqual(['0 238,238,238/1', '0.05 238,238,238/1', '0.05 238,238,238/0', '1 238,238,238/0']);
  });

  it('leave a gradient of transparent stops alone', () => {
    expect(described(premultiplyStops([{ offset: 0, color: clear }, { offset: 1, color: clear }]))).toEqual(['0 0,0,0/0', '1 0,0,0/0']);
  });
});
