/**
 * Reading and checking the ICC profile an image embeds (resources/embedded-profile.ts,
 * resources/icc-profile.ts): which profiles are kept, which ignored and why. The colours they
 * print in are checked in test/graphics/icc-profiles.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readEmbeddedProfile } from '../../src/resources/embedded-profile.js';
import { checkProfile } from '../../src/resources/icc-profile.js';
import { srgbProfile } from '../../src/pdf/srgb-profile.js';
import { jpeg, jpegWithSegments, png, pngWithChunk } from './image-bytes.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));

function p3Profile(): Uint8Array {
  const bytes = readFileSync(`${IMAGES}p3.png`);
  const at = bytes.indexOf('iCCP');
  const data = bytes.subarray(at + 4, at + 4 + bytes.readUInt32BE(at - 4));
  return new Uint8Array(inflateSync(data.subarray(data.indexOf(0) + 2)));
}

const P3 = p3Profile();
const iccp = (profile: Uint8Array): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('x\0\0', 'latin1'), deflateSync(profile)]));
const patched = (at: number, text: string): Uint8Array => {
  const copy = new Uint8Array(P3);
  copy.set(Buffer.from(text, 'latin1'), at);
  return copy;
};

describe('checkProfile', () => {
  it('keeps a Display P3 profile for an RGB image, with its SHA-1', () => {
    const read = checkProfile(P3, 3);
    expect(read.kind).toBe('profile');
    if (read.kind === 'profile') expect(read.profile).toMatchObject({ components: 3, id: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });

  it('takes profiles of sRGB for none, whatever their encoding (the ICC\'s v2 one, tables of 1024 entries)', () => {
    expect(checkProfile(srgbProfile(), 3)).toEqual({ kind: 'none' });
  });

  it('ignores versions past 4, the device link class, Lab data and a tag table past the end', () => {
    expect(checkProfile(patched(8, '\x05'), 3)).toEqual({ kind: 'ignored', reason: 'it is an ICC version 5 profile (PDF takes versions 2 to 4)' });
    expect(checkProfile(patched(12, 'link'), 3)).toEqual({ kind: 'ignored', reason: 'its device class \'link\' is not one a PDF colour space may have' });
    expect(checkProfile(patched(16, 'Lab '), 3)).toEqual({ kind: 'ignored', reason: 'it describes \'Lab\' colours, which octavo does not embed (grey, RGB and CMYK)' });
    expect(checkProfile(patched(128, '\0\0\x01\0'), 3)).toEqual({ kind: 'ignored', reason: 'its tag table runs past its end' });
  });

  it('ignores an RGB profile for a grey image', () => {
    expect(checkProfile(P3, 1)).toEqual({ kind: 'ignored', reason: 'it describes RGB colours and the image has 1 component' });
  });
});

describe('readEmbeddedProfile', () => {
  it('takes a PNG\'s iCCP over its sRGB chunk, in either order', () => {
    const srgb = new Uint8Array([0]);
    expect(readEmbeddedProfile(pngWithChunk(pngWithChunk(png(2, 2), 'iCCP', iccp(P3)), 'sRGB', srgb), 'png').kind).toBe('profile');
    expect(readEmbeddedProfile(pngWithChunk(pngWithChunk(png(2, 2), 'sRGB', srgb), 'iCCP', iccp(P3)), 'png').kind).toBe('profile');
    expect(readEmbeddedProfile(pngWithChunk(png(2, 2), 'sRGB', srgb), 'png')).toEqual({ kind: 'none' });
  });

  it('names at most 8 pieces of a broken APP2 sequence', () => {
    const piece = (sequence: number): Uint8Array => new Uint8Array(Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([sequence, 200]), P3.subarray(0, 10)]));
    const read = readEmbeddedProfile(jpegWithSegments(jpeg(), 0xe2, Array.from({ length: 20 }, (_, i) => piece(i + 1))), 'jpeg');
    expect(read).toEqual({ kind: 'ignored', reason: 'its APP2 ICC_PROFILE segments do not make a whole profile (20 pieces, numbered 1/200, 2/200, 3/200, 4/200, 5/200, 6/200, 7/200, 8/200, …)' });
  });

  it('reads no profile from a file without one', () => {
    expect(readEmbeddedProfile(png(2, 2), 'png')).toEqual({ kind: 'none' });
    expect(readEmbeddedProfile(jpeg(), 'jpeg')).toEqual({ kind: 'none' });
  });
});
