/** Which raster images are opaque by their format (the shadow of one under a clip is a rectangle's). */
import { describe, expect, it } from 'vitest';
import { isOpaqueRaster } from '../../src/paint/opaque-image.js';
import type { LoadedImage } from '../../src/resources/types.js';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** A PNG's signature and chunks (CRCs left zero: only the layout is read). */
function png(colourType: number, ...chunks: string[]): LoadedImage {
  const ihdr = [0, 0, 0, 13, ...Buffer.from('IHDR'), 0, 0, 0, 1, 0, 0, 0, 1, 8, colourType, 0, 0, 0, 0, 0, 0, 0];
  const rest = chunks.flatMap((name) => [0, 0, 0, 1, ...Buffer.from(name), 0, 0, 0, 0, 0]);
  return { id: 'x', format: 'png', bytes: Uint8Array.from([...SIGNATURE, ...ihdr, ...rest]), width: 1, height: 1 };
}

describe('isOpaqueRaster', () => {
  it('holds for JPEG and for greyscale or truecolour PNG with no tRNS chunk', () => {
    expect(isOpaqueRaster({ id: 'j', format: 'jpeg', bytes: new Uint8Array(0), width: 1, height: 1 })).toBe(true);
    expect([isOpaqueRaster(png(2, 'IDAT')), isOpaqueRaster(png(0, 'gAMA', 'IDAT'))]).toEqual([true, true]);
  });

  it('fails for PNG with an alpha channel, a palette, or a tRNS chunk before the data', () => {
    expect([isOpaqueRaster(png(6, 'IDAT')), isOpaqueRaster(png(3, 'PLTE', 'IDAT')), isOpaqueRaster(png(2, 'tRNS', 'IDAT'))]).toEqual([false, false, false]);
  });
});
