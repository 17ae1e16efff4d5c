/**
 * A colour font's glyph whose PNG is damaged (a CBDT or sbix strike read by text/color-font.ts)
 * is drawn as nothing with one report, instead of reaching PDFKit, which found the damage only
 * while writing the PDF and failed the whole document. The check is the image loader's
 * (raster/png-check.ts), run without waiting: both answer alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pngDamage, pngDamageSync } from '../../src/raster/png-check.js';
import { memoised, parseColorFont } from '../../src/text/color-font.js';
import { png } from '../resources/image-bytes.js';

const EMOJI = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
const reason = existsSync(EMOJI) ? '' : ` — SKIPPED: ${EMOJI} not installed (fonts-noto-color-emoji; .ci/run installs it)`;
if (reason !== '') console.warn(`test/text/color-glyph-damage.test.ts${reason}`);

describe.skipIf(reason !== '')(`a damaged colour glyph${reason}`, () => {
  it('a bit flipped in the IDAT of 😀\'s PNG: that glyph is drawn as nothing, with one report; the others are read', () => {
    const bytes = new Uint8Array(readFileSync(EMOJI));
    const sound = parseColorFont(bytes);
    const grinning = sound.program.glyphForCodePoint(0x1f600).id;
    const heart = sound.program.glyphForCodePoint(0x2764).id;
    const picture = sound.bitmaps.glyph(grinning)!.png;
    // the PNG is a view of the font file: flip a byte in the middle of its first IDAT chunk's data
    const idat = Buffer.from(picture).indexOf('IDAT');
    const damaged = bytes.slice();
    damaged[picture.byteOffset - bytes.byteOffset + idat + 4 + 10] ^= 0xff;
    const reports: string[] = [];
    const bitmaps = memoised(parseColorFont(damaged).bitmaps, (message) => reports.push(message));
    expect(bitmaps.glyph(grinning)).toBeUndefined();
    expect(bitmaps.glyph(grinning)).toBeUndefined();
    expect(bitmaps.glyph(heart)?.png.length).toBeGreaterThan(100);
    expect(reports).toEqual([`colour glyph ${grinning} could not be read: its PNG cannot be used: the IDAT chunk fails its CRC`]);
  });
});

describe('pngDamageSync', () => {
  it('answers as pngDamage for sound and mutated PNGs (seeded)', async () => {
    const sound = png(16, 8, [0, 128, 255]);
    expect(pngDamageSync(sound)).toBeUndefined();
    await fc.assert(fc.asyncProperty(fc.array(fc.record({ at: fc.nat(sound.length - 1), value: fc.nat(255) }), { minLength: 1, maxLength: 3 }), fc.nat(sound.length), async (edits, cut) => {
      const bytes = sound.slice(0, Math.max(8, sound.length - (cut % 16)));
      for (const { at, value } of edits) if (at < bytes.length) bytes[at] = value;
      expect(pngDamageSync(bytes)).toBe(await pngDamage(bytes));
    }), { numRuns: 200, seed: 37 });
  });
});
