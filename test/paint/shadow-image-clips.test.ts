/**
 * A blurred drop-shadow's clips moved into the raster images they cut (src/paint/shadow-image-clips.ts):
 * each clip's outline in the image rectangle's space from its top-left corner, through the
 * transforms between them; the clip items gone; a glyph clip keeps the items as they were.
 */
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { imageShadowsWithClipsInside } from '../../src/paint/shadow-image-clips.js';
import type { LoadedImage } from '../../src/resources/types.js';

const IMAGE: LoadedImage = { id: 'i', format: 'png', bytes: new Uint8Array(0), width: 1, height: 1 };
const shadowOf = (rect: { x: number; y: number; width: number; height: number }): DisplayItem => ({ kind: 'image', rect, image: IMAGE, blur: { sigma: 2, shadow: { r: 0, g: 0, b: 0, a: 1 } } });
const points = (item: DisplayItem | undefined): number[][] => {
  if (item?.kind !== 'image') throw new Error('not an image');
  return (item.blur?.clip ?? []).map((c) => c.path.flatMap((s) => (s.op === 'close' ? [] : [Math.round(s.x * 1e6) / 1e6, Math.round(s.y * 1e6) / 1e6])));
};

describe('imageShadowsWithClipsInside', () => {
  it('moves a clip into the image, from its top-left corner, and drops the clip items', () => {
    const out = imageShadowsWithClipsInside([
      { kind: 'push-clip', rect: { x: 10, y: 20, width: 30, height: 40 } },
      shadowOf({ x: 5, y: 5, width: 50, height: 60 }),
      { kind: 'pop-clip' },
    ]);
    expect(out.map((item) => item.kind)).toEqual(['image']);
    expect(points(out[0])).toEqual([[5, 15, 35, 15, 35, 55, 5, 55]]);
  });

  it('maps a clip pushed outside a transform into the space of an image drawn inside it', () => {
    const out = imageShadowsWithClipsInside([
      { kind: 'push-clip-path', path: [{ op: 'move', x: 0, y: 0 }, { op: 'line', x: 20, y: 0 }, { op: 'line', x: 0, y: 20 }, { op: 'close' }], evenOdd: true },
      { kind: 'push-transform', matrix: [2, 0, 0, 2, 10, 0] },
      shadowOf({ x: 0, y: 0, width: 10, height: 10 }),
      { kind: 'pop-transform' },
      { kind: 'pop-clip' },
    ]);
    expect(out.map((item) => item.kind)).toEqual(['push-transform', 'image', 'pop-transform']);
    // page (x, y) is image ((x - 10) / 2, y / 2)
    expect(points(out[1])).toEqual([[-5, 0, 5, 0, -5, 10]]);
    expect(out[1]!.kind === 'image' && out[1]!.blur?.clip?.[0]?.evenOdd).toBe(true);
  });

  it('leaves an image outside every clip, and the items under a glyph clip, as they were', () => {
    const free = shadowOf({ x: 0, y: 0, width: 4, height: 4 });
    expect(imageShadowsWithClipsInside([free])[0]).toBe(free);
    const glyphs: DisplayItem[] = [{ kind: 'push-clip-glyphs', runs: [] }, free, { kind: 'pop-clip' }];
    expect(imageShadowsWithClipsInside(glyphs)).toBe(glyphs);
  });
});
