import { describe, expect, it } from 'vitest';
import { needsImagePrep } from '../../src/pdf/image-prep.js';
import type { DisplayItem, PageDisplayList } from '../../src/paint/display-list.js';
import { pngImage } from './image-fixture.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const page = (items: readonly DisplayItem[]): PageDisplayList => ({ width: 100, height: 100, items } as PageDisplayList);
const image = pngImage('dot', [[[0, 0, 0, 255], [255, 255, 255, 255]]]);
const rect = { x: 0, y: 0, width: 40, height: 20 };
/** A blocky (interpolate: false) image drawn 20 times its size: enlarged into a copy. */
const blocky: DisplayItem = { kind: 'image', rect, image, interpolate: false };
const smooth: DisplayItem = { kind: 'image', rect, image };

describe('needsImagePrep', () => {
  it('is false for a page without images, with or without a soft mask', () => {
    expect(needsImagePrep(page([
      { kind: 'fill-rect', rect, color: red },
      { kind: 'push-opacity', opacity: 0.5 },
      { kind: 'fill-rect', rect, color: red },
      { kind: 'pop-opacity' },
    ]))).toBe(false);
    // a soft mask without an image: past the scan, through the mapping, still nothing to prepare
    expect(needsImagePrep(page([
      { kind: 'push-opacity', opacity: 1, mask: { luminance: true, items: [{ kind: 'fill-rect', rect, color: red }] } },
      { kind: 'pop-opacity' },
    ]))).toBe(false);
  });

  it('maps pages with an image as before: a copy for a blocky image, none for a smooth one', () => {
    expect(needsImagePrep(page([{ kind: 'fill-rect', rect, color: red }, blocky]))).toBe(true);
    expect(needsImagePrep(page([{ kind: 'fill-rect', rect, color: red }, smooth]))).toBe(false);
  });

  it('finds an image in a soft mask', () => {
    const masked: DisplayItem = { kind: 'push-opacity', opacity: 1, mask: { luminance: true, items: [blocky] } };
    expect(needsImagePrep(page([masked, { kind: 'fill-rect', rect, color: red }, { kind: 'pop-opacity' }]))).toBe(true);
  });
});
