import { describe, expect, it } from 'vitest';
import { needsImagePrep, prepareImages } from '../../src/pdf/image-prep.js';
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

describe('prepareImages', () => {
  const warnings = async (items: readonly DisplayItem[]): Promise<{ said: string[]; drawn: readonly DisplayItem[] }> => {
    const said: string[] = [];
    const display = await prepareImages({ pages: [page(items)] }, (message) => said.push(message));
    return { said, drawn: display.pages[0]!.items };
  };

  it('says so when Skia cannot make a copy, and draws the item as it is', async () => {
    // an SVG document Skia cannot read under a filter only Skia applies: drawn unfiltered, the filter named
    const unreadable = { id: 'svg-filter-x', format: 'svg' as const, bytes: new TextEncoder().encode('<svg'), width: 40, height: 20 };
    const filtered: DisplayItem = { kind: 'image', rect, image: unreadable, rasterize: { unrasterized: [{ kind: 'fill-rect', rect, color: red }], filter: 'the SVG filter #glow' } };
    // bytes Skia cannot read (a truncated PNG would crash it: octavo's own reader refuses those before, resources/decode.ts)
    const damaged = { ...image, id: 'damaged', bytes: new TextEncoder().encode('not an image') };
    const { said, drawn } = await warnings([filtered, { kind: 'image', rect, image: damaged, interpolate: false }, { kind: 'image', rect, image: damaged, filters: [{ to: 'linear' }] }]);
    expect(said).toEqual([
      'the SVG filter #glow could not be drawn by Skia: the elements under it are drawn unfiltered',
      '2 images could not be copied by Skia with their `filter` or `image-rendering`: drawn as they are',
    ]);
    expect(drawn[0]).toBe(filtered);
  });

  it('says what is drawn instead of a blurred drop-shadow() Skia could not draw', async () => {
    const unreadable = { id: 'svg-filter-y', format: 'svg' as const, bytes: new TextEncoder().encode('<svg'), width: 40, height: 20 };
    const outlined: DisplayItem = { kind: 'fill-rect', rect, color: red };
    const shadow: DisplayItem = { kind: 'image', rect, image: unreadable, rasterize: { unrasterized: [outlined], filter: 'a blurred `drop-shadow()`', instead: 'its shadow is blurred from the outlines of what it shadows' } };
    const { said, drawn } = await warnings([shadow]);
    expect(said).toEqual(['a blurred `drop-shadow()` could not be drawn by Skia: its shadow is blurred from the outlines of what it shadows']);
    expect(drawn[0]).toBe(shadow);
  });

  it('is silent when every copy is made', async () => {
    const { said, drawn } = await warnings([blocky]);
    expect(said).toEqual([]);
    expect(drawn[0]).not.toBe(blocky);
  });
});
