import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readRasterHeader } from '../../src/resources/raster-headers.js';
import type { RasterFormat } from '../../src/resources/raster-headers.js';
import { sniffFormat } from '../../src/resources/image-info.js';
import { createResourceContext, loadImageUrls } from '../../src/resources/load.js';
import { Diagnostics } from '../../src/diagnostics.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { cpuTime } from '../helpers/cpu-time.js';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`./images/${name}`, import.meta.url)));
const dataUrl = (type: string, bytes: Uint8Array): string => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The 40-byte GIF of issue 26: a 65535×65535 logical screen and a frame as large (SIGILL in Skia before headers were read). */
function hugeGif(): Uint8Array {
  const bytes = Buffer.alloc(40);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(65535, 6); bytes.writeUInt16LE(65535, 8);
  bytes[13] = 0x2c; bytes.writeUInt16LE(65535, 18); bytes.writeUInt16LE(65535, 20);
  bytes[23] = 2; bytes[24] = 2; bytes[25] = 0x4c; bytes[26] = 0x01; bytes[27] = 0; bytes[28] = 0x3b;
  return new Uint8Array(bytes);
}

/** A WebP whose VP8X header declares a 16M×16M canvas (a segfault in Skia before headers were read). */
function hugeWebp(): Uint8Array {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1'); bytes.writeUInt32LE(22, 4); bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16); bytes.writeUIntLE(0xffffff, 24, 3); bytes.writeUIntLE(0xffffff, 27, 3);
  return new Uint8Array(bytes);
}

async function load(url: string) {
  const diagnostics = new Diagnostics();
  const resources = createResourceContext({ template: '' }, undefined, DEFAULT_LIMITS);
  const images = await loadImageUrls([url], resources, diagnostics).catch((error: unknown) => error);
  return { images, warnings: diagnostics.list().map((d) => d.message) };
}

describe('readRasterHeader', () => {
  // the third: whether the pixels were stored lossily (a VP8 bitstream, AVIF)
  const cases: [string, RasterFormat, boolean][] = [
    ['python.gif', 'gif', false], ['python.webp', 'webp', true], ['python-lossless.webp', 'webp', false], ['python.bmp', 'bmp', false],
    ['python.tiff', 'tiff', false], ['python.ico', 'ico', false], ['python.avif', 'avif', true],
  ];
  it.each(cases)('reads the size of %s (%s), sniffs its format and tells whether it is lossy', (name, format, lossy) => {
    const bytes = fixture(name);
    expect(sniffFormat(bytes)).toBe(format);
    expect(readRasterHeader(bytes, format)).toEqual({ ok: true, size: { width: 16, height: 16 }, largest: { width: 16, height: 16 }, lossy });
  });

  it('reads every size a hostile header declares', () => {
    expect(readRasterHeader(hugeGif(), 'gif')).toMatchObject({ ok: true, largest: { width: 65535, height: 65535 } });
    // a VP8X canvas without any image is damaged, and still known to be 16M×16M (refused as too large)
    expect(readRasterHeader(hugeWebp(), 'webp')).toMatchObject({ ok: false, largest: { width: 0x1000000, height: 0x1000000 } });
  });

  it('reads a big-endian TIFF and a top-down BMP', () => {
    const tiff = Buffer.alloc(8 + 2 + 24);
    tiff.write('MM\0*', 0, 'latin1'); tiff.writeUInt32BE(8, 4); tiff.writeUInt16BE(2, 8);
    tiff.writeUInt16BE(256, 10); tiff.writeUInt16BE(4, 12); tiff.writeUInt32BE(1, 14); tiff.writeUInt32BE(70000, 18);
    tiff.writeUInt16BE(257, 22); tiff.writeUInt16BE(3, 24); tiff.writeUInt32BE(1, 26); tiff.writeUInt16BE(3, 30);
    expect(readRasterHeader(new Uint8Array(tiff), 'tiff')).toMatchObject({ ok: true, size: { width: 70000, height: 3 } });
    const bmp = Buffer.from(fixture('python.bmp'));
    bmp.writeInt32LE(-16, 22);
    expect(readRasterHeader(new Uint8Array(bmp), 'bmp')).toMatchObject({ ok: true, size: { width: 16, height: 16 } });
  });

  it.each(cases)('refuses %s truncated anywhere in its header or (BMP) pixel rows', (name, format) => {
    const bytes = fixture(name);
    for (const length of [0, 2, 6, 10, 13, 20, 26]) {
      expect(readRasterHeader(bytes.subarray(0, length), format).ok, `${name} cut at ${length}`).toBe(false);
    }
  });

  it('refuses inconsistent headers: a zero size, an unknown BMP header, a WebP chunk past its container', () => {
    const gif = Buffer.from(fixture('python.gif'));
    gif.writeUInt16LE(0, 6);
    expect(readRasterHeader(new Uint8Array(gif), 'gif')).toMatchObject({ ok: false });
    const bmp = Buffer.from(fixture('python.bmp'));
    bmp.writeUInt32LE(41, 14);
    expect(readRasterHeader(new Uint8Array(bmp), 'bmp')).toMatchObject({ ok: false, reason: 'a bitmap header of 41 bytes' });
    // pixel data said to start inside the 124-byte header: Skia segfaulted on it (npm run fuzz, seed 2611)
    const inside = Buffer.from(fixture('python.bmp'));
    inside.writeUInt32LE(37, 10);
    expect(readRasterHeader(new Uint8Array(inside), 'bmp')).toMatchObject({ ok: false, reason: 'BMP pixel data inside its headers or palette' });
    // a 64-byte header (OS/2's, where compression 3 is Huffman 1D) on 32-bit BITFIELDS pixels: Skia segfaulted (FUZZ_SEED=8759, bmp)
    const os2 = Buffer.from(fixture('python.bmp'));
    os2.writeUInt32LE(64, 14);
    expect(readRasterHeader(new Uint8Array(os2), 'bmp')).toMatchObject({ ok: false, reason: 'bitmap compression 3 (Huffman 1D) in an OS/2 header' });
    const webp = Buffer.from(fixture('python.webp'));
    webp.writeUInt32LE(webp.length, 16);
    expect(readRasterHeader(new Uint8Array(webp), 'webp')).toMatchObject({ ok: false });
    const random = Buffer.concat([Buffer.from('BM'), Buffer.from(Array.from({ length: 60 }, (_, i) => (i * 97 + 13) & 0xff))]);
    expect(readRasterHeader(new Uint8Array(random), 'bmp').ok).toBe(false);
  });

  it('refuses a WebP whose VP8 first partition is longer than its frame (one flipped bit; Skia segfaulted: a fuzz run of s28, seed 90210)', async () => {
    const webp = Buffer.from(fixture('python.webp'));
    const vp8 = webp.indexOf('VP8 ', 12, 'latin1') + 8;
    webp[vp8 + 2]! |= 0x40; // the size's bit 18
    expect(readRasterHeader(new Uint8Array(webp), 'webp')).toMatchObject({ ok: false, reason: expect.stringMatching(/^a VP8 first partition of \d+ bytes in a frame of 190$/) });
    const { images, warnings } = await load(dataUrl('image/webp', webp));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('a VP8 first partition of')]);
  });

  it('refuses a WebP with bytes after its last chunk too few for another (its VP8 chunk 4 bytes short; Skia segfaulted: npm run fuzz, seed 574765734)', async () => {
    const webp = Buffer.from(fixture('python.webp'));
    const size = webp.indexOf('VP8 ', 12, 'latin1') + 4;
    webp.writeUInt32LE(webp.readUInt32LE(size) - 4, size);
    expect(readRasterHeader(new Uint8Array(webp), 'webp')).toMatchObject({ ok: false, reason: '4 bytes after the last WebP chunk, too few for a chunk' });
    const { images, warnings } = await load(dataUrl('image/webp', webp));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('4 bytes after the last WebP chunk')]);
    // as many bytes after the RIFF container are outside it: the image is drawn
    const after = Buffer.concat([fixture('python.webp'), Buffer.alloc(4)]);
    expect(readRasterHeader(new Uint8Array(after), 'webp')).toMatchObject({ ok: true });
  });

  it('refuses a WebP whose RIFF size cuts off its last chunk\'s padding byte (Skia segfaulted: FUZZ_SEED=8502, webp-lossless)', async () => {
    const webp = Buffer.from(fixture('python-lossless.webp'));
    const chunk = webp.indexOf('VP8L', 12, 'latin1');
    expect(webp.readUInt32LE(chunk + 4) % 2).toBe(1); // 609 bytes and a padding byte, the file's last
    webp.writeUInt32LE(webp.readUInt32LE(4) - 1, 4);
    expect(readRasterHeader(new Uint8Array(webp), 'webp')).toMatchObject({ ok: false, reason: 'a WebP VP8L chunk whose padding byte is outside its container' });
    const { images, warnings } = await load(dataUrl('image/webp', webp));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('padding byte is outside its container')]);
  });

  it('refuses a VP8 frame of version 4 to 7 or not to be shown (Skia segfaulted on both: npm run fuzz, seed 424242)', async () => {
    const tagged = (set: (tag: number) => number): Uint8Array => {
      const webp = Buffer.from(fixture('python.webp'));
      const frame = webp.indexOf('VP8 ', 12, 'latin1') + 8;
      webp[frame] = set(webp[frame]!);
      return new Uint8Array(webp);
    };
    expect(readRasterHeader(tagged((tag) => tag | (4 << 1)), 'webp')).toMatchObject({ ok: false, reason: 'a VP8 frame of version 4 (0 to 3 are defined)' });
    expect(readRasterHeader(tagged((tag) => tag & ~0x10), 'webp')).toMatchObject({ ok: false, reason: 'a VP8 key frame not to be shown' });
    expect(readRasterHeader(tagged((tag) => tag | (3 << 1)), 'webp')).toMatchObject({ ok: true });
    const { images, warnings } = await load(dataUrl('image/webp', tagged((tag) => tag & ~0x10)));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('a VP8 key frame not to be shown')]);
  });

  it('refuses a GIF whose graphic control extension is not one 4-byte block (Skia segfaulted: npm run fuzz)', async () => {
    const gif = Buffer.from(fixture('python.gif'));
    const control = gif.indexOf(Buffer.from([0x21, 0xf9, 0x04]));
    expect(readRasterHeader(new Uint8Array(gif), 'gif')).toMatchObject({ ok: true });
    // its terminator made the size of one more block: it swallows the next extension (one byte changed by the fuzz run)
    const longer = Buffer.from(gif);
    longer[control + 7] = 0x02;
    expect(readRasterHeader(new Uint8Array(longer), 'gif')).toMatchObject({ ok: false, reason: 'a GIF graphic control extension that is not one 4-byte block' });
    const five = Buffer.concat([gif.subarray(0, control), Buffer.from([0x21, 0xf9, 0x05, 0x01, 0, 0, 0x65, 0, 0]), gif.subarray(control + 8)]);
    expect(readRasterHeader(new Uint8Array(five), 'gif')).toMatchObject({ ok: false });
    const { images, warnings } = await load(dataUrl('image/gif', longer));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('graphic control extension')]);
  });

  it('refuses an animation Skia cannot take: a WebP without its ANIM chunk or with a frame whose image is not its size, a GIF canvas over the limit (npm run fuzz)', async () => {
    // three-frames.*: three 24×16 frames written by Pillow
    const animated = Buffer.from(fixture('three-frames.webp'));
    expect(readRasterHeader(new Uint8Array(animated), 'webp')).toMatchObject({ ok: true });
    const noAnim = Buffer.from(animated);
    noAnim[noAnim.indexOf('ANIM', 12, 'latin1')] = 0xce;
    expect(readRasterHeader(new Uint8Array(noAnim), 'webp')).toMatchObject({ ok: false, reason: 'an animated WebP without its ANIM chunk' });
    const taller = Buffer.from(animated);
    const frame = taller.indexOf('VP8 ', 12, 'latin1') + 8;
    taller[frame + 9] = 0x01; // the first frame's bitstream 272px tall in a 16px frame
    expect(readRasterHeader(new Uint8Array(taller), 'webp')).toMatchObject({ ok: false, reason: 'a WebP animation frame whose image is not of its size' });
    // a 13,848px wide screen over a 24×62,736 frame: each under the limit, the canvas they make over it (Skia aborted)
    const gif = Buffer.from(fixture('three-frames.gif'));
    gif.writeUInt16LE(13_848, 6);
    gif.writeUInt16LE(62_736, gif.indexOf(0x2c, 13) + 7);
    expect(readRasterHeader(new Uint8Array(gif), 'gif')).toMatchObject({ ok: true, largest: { width: 13_848, height: 62_736 } });
    for (const [url, why] of [[dataUrl('image/webp', noAnim), 'without its ANIM chunk'], [dataUrl('image/gif', gif), '13848×62736']] as const) {
      const { images, warnings } = await load(url);
      expect(images).toEqual(new Map());
      expect(warnings).toEqual([expect.stringContaining(why)]);
    }
  });

  it('leaves out an image wider than octavo decodes, under the pixel limit, with a warning (the render failed: npm run fuzz)', async () => {
    const webp = Buffer.from(fixture('three-frames.webp'));
    const canvas = webp.indexOf('VP8X', 12, 'latin1') + 8 + 4;
    webp.writeUIntLE(2_000_000 - 1, canvas, 3); // a 2,000,000×16 canvas: 32 million pixels
    const { images, warnings } = await load(dataUrl('image/webp', webp));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('a 2000000×16 image, wider or taller than the 1000000 px octavo decodes')]);
  });

  it('refuses a lossless WebP of a VP8L version other than 0 (one flipped bit; Skia segfaulted: a fuzz run of s28, seed 7261)', async () => {
    const webp = versionOneWebp();
    expect(readRasterHeader(new Uint8Array(webp), 'webp')).toMatchObject({ ok: false, reason: 'a VP8L bitstream of version 1 (only 0 is defined)' });
    const { images, warnings } = await load(dataUrl('image/webp', webp));
    expect(images).toEqual(new Map());
    expect(warnings).toEqual([expect.stringContaining('a VP8L bitstream of version 1 (only 0 is defined)')]);
  });
});

/** python-lossless.webp with bit 5 of its VP8L header's last byte set: version 1. */
function versionOneWebp(): Buffer {
  const webp = Buffer.from(fixture('python-lossless.webp'));
  const vp8l = webp.indexOf('VP8L', 12, 'latin1') + 8;
  expect(webp[vp8l]).toBe(0x2f);
  webp[vp8l + 4]! ^= 0x20;
  return webp;
}

describe('images decoded natively are checked first', () => {
  it('leaves out the 65535×65535 GIF and the 16M×16M WebP with a maxImagePixels warning, without decoding them', async () => {
    for (const [type, bytes] of [['image/gif', hugeGif()], ['image/webp', hugeWebp()]] as const) {
      // CPU time: the work the bomb costs (its wall time grows with the machine's load)
      const { result: { images, warnings }, ms } = await cpuTime(() => load(dataUrl(type, bytes)));
      expect(images).toEqual(new Map());
      expect(warnings).toEqual([expect.stringContaining('limits.maxImagePixels = 40000000')]);
      expect(ms).toBeLessThan(5_000);
    }
  });

  it('decodes every accepted format to its 16×16 pixels', async () => {
    for (const name of ['python.gif', 'python.webp', 'python-lossless.webp', 'python.bmp', 'python.avif']) {
      const { images, warnings } = await load(dataUrl('image/x', fixture(name)));
      expect(warnings, name).toEqual([]);
      expect([...(images as Map<string, { format: string; width: number }>).values()][0], name).toMatchObject({ format: 'decoded', width: 16, height: 16 });
    }
  });

  it('skips a damaged header with a warning; TIFF and ICO (never decoded: Skia segfaults on some) are skipped too', async () => {
    const random = Buffer.concat([Buffer.from('BM'), Buffer.from(Array.from({ length: 60 }, (_, i) => (i * 97 + 13) & 0xff))]);
    for (const bytes of [new Uint8Array(random), fixture('python.gif').subarray(0, 20), fixture('python.tiff'), fixture('python.ico')]) {
      const { images, warnings } = await load(dataUrl('image/x', bytes));
      expect((images as Map<string, unknown>).size).toBe(0);
      expect(warnings).toEqual([expect.stringMatching(/skipped: a damaged/)]);
    }
  });
});
