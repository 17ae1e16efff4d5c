import { describe, expect, it } from 'vitest';
import { readImageInfo, sniffFormat } from '../../src/resources/image-info.js';
import { GIF, SVG, WEBP, jpeg, jpegWithOrientation, png } from './image-bytes.js';

describe('image headers', () => {
  it('reads PNG sizes from IHDR', () => {
    expect(readImageInfo(png(3, 2))).toEqual({ format: 'png', width: 3, height: 2, orientation: 1 });
    expect(readImageInfo(png(1200, 1))).toMatchObject({ width: 1200, height: 1 });
  });

  it('reads JPEG sizes from the SOF marker', () => {
    expect(readImageInfo(jpeg())).toEqual({ format: 'jpeg', width: 16, height: 16, orientation: 1 });
  });

  it('swaps width and height for quarter-turn EXIF orientations', () => {
    const stored = Buffer.from(jpeg());
    // make the stored image 16 wide and 8 high by patching SOF0 (FF C0, len, precision, height, width)
    const sof = stored.indexOf(Buffer.from([0xff, 0xc0]));
    stored.writeUInt16BE(8, sof + 5);
    const base = new Uint8Array(stored);
    expect(readImageInfo(base)).toMatchObject({ width: 16, height: 8 });
    for (const [orientation, little] of [[6, false], [8, true], [5, false], [7, true]] as const) {
      const rotated = Buffer.from(jpegWithOrientation(orientation, little));
      rotated.writeUInt16BE(8, rotated.indexOf(Buffer.from([0xff, 0xc0])) + 5);
      expect(readImageInfo(new Uint8Array(rotated))).toEqual({ format: 'jpeg', width: 8, height: 16, orientation });
    }
    expect(readImageInfo(jpegWithOrientation(3))).toEqual({ format: 'jpeg', width: 16, height: 16, orientation: 3 });
  });

  it('recognises unsupported formats', () => {
    expect(sniffFormat(GIF)).toBe('gif');
    expect(sniffFormat(WEBP)).toBe('webp');
    expect(sniffFormat(SVG)).toBe('svg');
    expect(sniffFormat(new TextEncoder().encode('  <svg viewBox="0 0 1 1"/>'))).toBe('svg');
    expect(sniffFormat(new TextEncoder().encode('hello'))).toBe('unknown');
    expect(readImageInfo(GIF)).toBeUndefined();
  });

  it('refuses truncated or damaged files', () => {
    expect(readImageInfo(png(3, 2).subarray(0, 20))).toBeUndefined();
    expect(readImageInfo(jpeg().subarray(0, 30))).toBeUndefined();
    expect(readImageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeUndefined();
    expect(readImageInfo(new Uint8Array())).toBeUndefined();
  });
});
