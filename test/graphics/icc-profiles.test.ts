/**
 * ICC profiles embedded in images (fixtures made by test/fixtures/images/icc-fixtures.py): written
 * as the images' ICCBased colour spaces, so that poppler converts their colours as Chromium does
 * before printing. The colours expected are Chromium 156's print of the same pages, rasterised by
 * pdftocairo like ours. A profile that cannot be used is ignored with a warning.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { renderPage, renderPdf } from '../helpers/render.js';
import { qpdf } from '../helpers/qpdf.js';
import { rasterize } from '../helpers/pixels.js';
import { jpeg, jpegWithSegments, png, pngWithChunk } from '../resources/image-bytes.js';
import { srgbProfile } from '../../src/pdf/srgb-profile.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));
const CMYK_PROFILE = new Uint8Array(readFileSync(fileURLToPath(new URL('../../node_modules/pdfjs-dist/iccs/CGATS001Compat-v2-micro.icc', import.meta.url))));

function template(body: string, size: string): string {
  return `<style>@page { size: ${size}; margin: 0 } body { margin: 0 } img { display: block }</style>${body}`;
}

const dataUrl = (bytes: Uint8Array, type: string): string => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The profile a PNG fixture's iCCP chunk holds, inflated. */
function iccpProfile(file: string): Uint8Array {
  const bytes = readFileSync(`${IMAGES}${file}`);
  const at = bytes.indexOf('iCCP');
  const length = bytes.readUInt32BE(at - 4);
  const data = bytes.subarray(at + 4, at + 4 + length);
  return new Uint8Array(inflateSync(data.subarray(data.indexOf(0) + 2)));
}

/** The first patch of `width` px in palette letter `a`, the second in `b`, on every row. */
const patches = (width: number, height: number): string[] => Array.from({ length: height }, () => 'a'.repeat(width / 2) + 'b'.repeat(width / 2));

describe('colours of images with an ICC profile, as Chromium prints them', () => {
  // every colour below is Chromium's, and ours: pdftocairo converts by the same profile with lcms2
  // where Chromium uses skcms, which agree to 1/255 on these RGB colours: 2 leaves room for rounding
  it('a Display P3 PNG (iCCP): P3 (180,90,60) and (60,120,180) print as sRGB (193,83,51) and (30,122,185)', async () => {
    // untagged, they printed as (180,90,60) and (60,120,180), 13 and 30 levels off
    const palette = { a: '#c15333', b: '#1e7ab9' };
    expect(await renderPage(template('<img src="p3.png">', '8px 4px'), { baseDir: IMAGES }, { palette, tolerance: 2 })).toEqual(patches(8, 4));
  });

  it('a palette PNG with the same profile: its palette is in that space', async () => {
    const palette = { a: '#c15333', b: '#1e7ab9' };
    expect(await renderPage(template('<img src="p3-palette.png">', '8px 4px'), { baseDir: IMAGES }, { palette, tolerance: 2 })).toEqual(patches(8, 4));
  });

  it('an Adobe RGB (1998) JPEG (APP2): (180,90,60) and (60,120,180) print as (204,90,56) and (0,121,184)', async () => {
    const palette = { a: '#cc5a38', b: '#0079b8' };
    expect(await renderPage(template('<img src="adobe-rgb.jpg">', '16px 8px'), { baseDir: IMAGES }, { palette, tolerance: 2 })).toEqual(patches(16, 8));
  });

  it('a grey PNG with a gamma 1.8 grey profile: 128 and 64 print as 146 and 81', async () => {
    const palette = { a: '#929292', b: '#515151' };
    expect(await renderPage(template('<img src="gray-18.png">', '8px 4px'), { baseDir: IMAGES }, { palette, tolerance: 2 })).toEqual(patches(8, 4));
  });

  it('a Display P3 WebP (ICCP chunk): decoded by Skia, which converts its pixels to sRGB', async () => {
    // so it printed right before profiles were embedded: drawn as DeviceRGB pixels
    const palette = { a: '#c15333', b: '#1e7ab9' };
    expect(await renderPage(template('<img src="p3.webp">', '8px 4px'), { baseDir: IMAGES }, { palette, tolerance: 2 })).toEqual(patches(8, 4));
  });

  it('an Adobe CMYK JPEG (inverted, APP14) with a SWOP-like profile: 0/50/100/0 and 50/50/50/0', async () => {
    // Chromium (skcms): (246,147,31) and (142,128,124); ours (lcms2): (248,148,29) and (143,128,124).
    // As DeviceCMYK they printed as (245,134,18) and (134,120,118), 13 and 8 levels off
    const palette = { a: '#f6931f', b: '#8e807c' };
    expect(await renderPage(template('<img src="cmyk-profile.jpg">', '16px 8px'), { baseDir: IMAGES }, { palette, tolerance: 4 })).toEqual(patches(16, 8));
  });
});

describe('a PNG\'s gAMA and cHRM chunks, without a profile: as Chromium prints them', () => {
  const u32s = (...values: number[]): Uint8Array => new Uint8Array(Buffer.concat(values.map((v) => { const b = Buffer.alloc(4); b.writeUInt32BE(Math.round(v)); return b; })));
  const gamma18 = u32s(55_556);
  const gamma22 = u32s(45_455);
  const p3Chromaticities = u32s(...[0.3127, 0.329, 0.68, 0.32, 0.265, 0.69, 0.15, 0.06].map((v) => v * 100_000));
  const drawn = async (bytes: Uint8Array, colour: string): Promise<string[]> =>
    renderPage(template(`<img src="${dataUrl(bytes, 'image/png')}">`, '4px 4px'), {}, { palette: { a: colour }, tolerance: 2 });

  it('gAMA 1/1.8: (180,90,60) prints (193,109,77), grey 128 prints 146', async () => {
    // untagged, they printed as they are
    expect(await drawn(pngWithChunk(png(4, 4, [180, 90, 60]), 'gAMA', gamma18), '#c16d4d')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
    expect(await drawn(pngWithChunk(png(4, 4, [128, 128, 128]), 'gAMA', gamma18), '#929292')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
  });

  it('gAMA 1/2.2 with Display P3\'s chromaticities (cHRM): (180,90,60) prints (195,83,47)', async () => {
    const bytes = pngWithChunk(pngWithChunk(png(4, 4, [180, 90, 60]), 'cHRM', p3Chromaticities), 'gAMA', gamma22);
    expect(await drawn(bytes, '#c3532f')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
  });

  it('gAMA 1/2.2 with sRGB\'s chromaticities (as ImageMagick writes them): (30,60,90) prints (24,57,90); 1/2.3 alone, (20,52,84)', async () => {
    const srgbChromaticities = u32s(31_270, 32_900, 64_000, 33_000, 30_000, 60_000, 15_000, 6_000);
    expect(await drawn(pngWithChunk(pngWithChunk(png(4, 4, [30, 60, 90]), 'cHRM', srgbChromaticities), 'gAMA', gamma22), '#18395a')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
    expect(await drawn(pngWithChunk(png(4, 4, [30, 60, 90]), 'gAMA', u32s(43_000)), '#143454')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
  });

  it('cHRM without gAMA, gAMA alone near sRGB\'s gamma (1/2.1 to 1/2.3), and gAMA under an sRGB chunk change nothing', async () => {
    expect(await drawn(pngWithChunk(png(4, 4, [30, 60, 90]), 'gAMA', gamma22), '#1e3c5a')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
    expect(await drawn(pngWithChunk(png(4, 4, [30, 60, 90]), 'gAMA', u32s(47_500)), '#1e3c5a')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
    expect(await drawn(pngWithChunk(png(4, 4, [180, 90, 60]), 'cHRM', p3Chromaticities), '#b45a3c')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
    const srgb = pngWithChunk(pngWithChunk(png(4, 4, [180, 90, 60]), 'gAMA', gamma18), 'sRGB', new Uint8Array([0]));
    expect(await drawn(srgb, '#b45a3c')).toEqual(['aaaa', 'aaaa', 'aaaa', 'aaaa']);
  });
});

interface QpdfObject {
  readonly value?: Record<string, unknown> | unknown[];
  readonly stream?: { readonly dict: Record<string, unknown>; readonly data?: string };
}

/** The PDF's objects, streams decoded (qpdf --json). */
async function objects(pdf: Uint8Array): Promise<Record<string, QpdfObject>> {
  const json = JSON.parse((await qpdf(pdf, ['--json', '--json-output', '--json-stream-data=inline', '--decode-level=generalized'])).stdout) as { qpdf: [unknown, Record<string, QpdfObject>] };
  return json.qpdf[1];
}

/** Each image XObject's /ColorSpace, and each ICC profile stream's dictionary and bytes. */
async function colorSpaces(pdf: Uint8Array): Promise<{ images: unknown[]; profiles: { dict: Record<string, unknown>; bytes: Buffer }[]; decodes: unknown[] }> {
  const all = await objects(pdf);
  const images = Object.values(all).filter((o) => o.stream?.dict['/Subtype'] === '/Image' && o.stream.dict['/ColorSpace'] !== '/DeviceGray');
  const profiles = Object.values(all).filter((o) => o.stream?.dict['/N'] !== undefined && o.stream.dict['/Alternate'] !== undefined);
  return {
    images: images.map((o) => o.stream!.dict['/ColorSpace']),
    decodes: images.map((o) => o.stream!.dict['/Decode']),
    profiles: profiles.map((o) => ({ dict: o.stream!.dict, bytes: Buffer.from(o.stream!.data!, 'base64') })),
  };
}

describe('ICCBased colour spaces', () => {
  it('writes the profile with its /N and /Alternate, the CMYK JPEG keeping its /Decode', async () => {
    for (const [file, n, alternate, profile] of [
      ['p3.png', 3, '/DeviceRGB', iccpProfile('p3.png')],
      ['gray-18.png', 1, '/DeviceGray', iccpProfile('gray-18.png')],
      ['cmyk-profile.jpg', 4, '/DeviceCMYK', CMYK_PROFILE],
    ] as const) {
      const { images, profiles, decodes } = await colorSpaces(await renderPdf(template(`<img src="${file}">`, '16px 8px'), { baseDir: IMAGES }));
      expect(profiles).toHaveLength(1);
      expect(profiles[0]!.dict).toMatchObject({ '/N': n, '/Alternate': alternate });
      expect(profiles[0]!.bytes.equals(Buffer.from(profile))).toBe(true);
      expect(images).toEqual([['/ICCBased', expect.stringMatching(/^\d+ 0 R$/)]]);
      expect(decodes).toEqual([n === 4 ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined]);
    }
  });

  it('makes a palette PNG\'s /Indexed space over the profile', async () => {
    const { images } = await colorSpaces(await renderPdf(template('<img src="p3-palette.png">', '8px 4px'), { baseDir: IMAGES }));
    expect(images).toEqual([['/Indexed', ['/ICCBased', expect.stringMatching(/ 0 R$/)], 1, expect.stringMatching(/ 0 R$/)]]);
  });

  it('embeds a profile once per document, however many images share it', async () => {
    const body = '<img src="p3.png"><img src="p3-palette.png"><img src="p3.png" style="width: 16px"><img src="adobe-rgb.jpg">';
    const { images, profiles } = await colorSpaces(await renderPdf(template(body, '16px 40px'), { baseDir: IMAGES }));
    expect(images).toHaveLength(3);
    expect(profiles.map((p) => p.bytes.length).sort((a, b) => a - b)).toEqual([iccpProfile('p3.png').length, 576]);
  });

  it('joins a profile split over APP2 segments in their numbers\' order', async () => {
    const profile = iccpProfile('p3.png');
    const piece = (sequence: number, from: number, to: number): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([sequence, 3]), profile.subarray(from, to)]));
    const third = Math.floor(profile.length / 3);
    const split = jpegWithSegments(jpeg(), 0xe2, [piece(2, third, 2 * third), piece(1, 0, third), piece(3, 2 * third, profile.length)]);
    const { profiles } = await colorSpaces(await renderPdf(template(`<img src="${dataUrl(split, 'image/jpeg')}">`, '16px 16px')));
    expect(profiles).toHaveLength(1);
    expect(profiles[0]!.bytes.equals(Buffer.from(profile))).toBe(true);
  });

  // the ICC's sRGB2014 (v2, its curves tables of 1024 entries), as PDF/A output intents embed it
  it('writes an sRGB profile as DeviceRGB (what viewers take DeviceRGB for)', async () => {
    const srgb = pngWithChunk(png(4, 4), 'iCCP', new Uint8Array(Buffer.concat([Buffer.from('sRGB\0\0', 'latin1'), deflateSync(srgbProfile())])));
    const { images, profiles } = await colorSpaces(await renderPdf(template(`<img src="${dataUrl(srgb, 'image/png')}">`, '4px 4px')));
    expect(images).toEqual(['/DeviceRGB']);
    expect(profiles).toEqual([]);
  });

  it('stays valid PDF/A-2b with ICCBased images, a CMYK one among them', async () => {
    const pdf = await renderPdf(template('<img src="p3.png"><img src="cmyk-profile.jpg">', '16px 16px'), { baseDir: IMAGES, pdfa: '2b' });
    const { images } = await colorSpaces(pdf);
    expect(images.map((space) => (space as unknown[])[0])).toEqual(['/ICCBased', '/ICCBased']);
  });
});

describe('profiles that cannot be used: ignored with a warning, the image printed untagged', () => {
  const p3 = iccpProfile('p3.png');
  const red = png(4, 4, [255, 0, 0]);
  const iccp = (profile: Uint8Array): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('P3\0\0', 'latin1'), deflateSync(profile)]));

  async function printsUntagged(bytes: Uint8Array, type: string, warning: RegExp): Promise<void> {
    const expectDiagnostics: ExpectedDiagnostic[] = [{ code: 'resource', message: warning }];
    const pdf = await renderPdf(template(`<img src="${dataUrl(bytes, type)}" style="width: 4px; height: 4px">`, '4px 4px'), { expectDiagnostics });
    const { images, profiles } = await colorSpaces(pdf);
    expect(profiles).toEqual([]);
    expect(images).toEqual(['/DeviceRGB']);
    if (type === 'image/png') expect((await rasterize(pdf))[0]).toEqual(['RRRR', 'RRRR', 'RRRR', 'RRRR']);
  }

  it('a damaged one: its header\'s size past its end, no \'acsp\', compressed data that does not inflate', async () => {
    const truncated = p3.subarray(0, 300);
    await printsUntagged(pngWithChunk(red, 'iCCP', iccp(truncated)), 'image/png', /ICC colour profile is ignored \(its header declares 560 bytes, and 300 are there\)/);
    const unsigned = new Uint8Array(p3);
    unsigned.set([0x78, 0x78, 0x78, 0x78], 36);
    await printsUntagged(pngWithChunk(red, 'iCCP', iccp(unsigned)), 'image/png', /ignored \(its header has no 'acsp' signature\)/);
    const garbled = new Uint8Array(Buffer.concat([Buffer.from('P3\0\0', 'latin1'), Buffer.from('not zlib data')]));
    await printsUntagged(pngWithChunk(red, 'iCCP', garbled), 'image/png', /ignored \(its compressed data is damaged\)/);
  });

  it('one that describes other colours than the image\'s (a CMYK profile in an RGB JPEG)', async () => {
    const segment = new Uint8Array(Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1]), CMYK_PROFILE]));
    await printsUntagged(jpegWithSegments(jpeg(), 0xe2, [segment]), 'image/jpeg', /ignored \(it describes CMYK colours and the image has 3 components\)/);
  });

  it('a sequence of APP2 pieces with one missing', async () => {
    const piece = (sequence: number): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([sequence, 3]), p3.subarray(0, 100)]));
    await printsUntagged(jpegWithSegments(jpeg(), 0xe2, [piece(1), piece(3)]), 'image/jpeg', /ignored \(its APP2 ICC_PROFILE segments do not make a whole profile \(2 pieces, numbered 1\/3, 3\/3\)\)/);
  });

  it('one larger than 4 MB (a profile that inflates past it is not inflated further)', async () => {
    const huge = new Uint8Array(5 * 1024 * 1024);
    huge.set(p3);
    await printsUntagged(pngWithChunk(red, 'iCCP', iccp(huge)), 'image/png', /ignored \(it inflates past the 4194304 bytes octavo embeds\)/);
  });
});
