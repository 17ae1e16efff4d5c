/**
 * The ICC profile a PNG or JPEG file embeds, as Chromium reads it (Skia's PNG and JPEG codecs):
 * a PNG's iCCP chunk (PNG 3rd ed. §11.3.2.3: a zlib-compressed profile; without it, an sRGB chunk
 * says sRGB and nothing is embedded, else a gAMA chunk, with cHRM, makes one), a JPEG's APP2
 * "ICC_PROFILE" segments (ICC.1:2010 Annex B.4: the profile cut into numbered pieces, joined in
 * their order). The profile must describe the
 * image's colours (a grey PNG a grey profile, a CMYK JPEG a CMYK one): icc-profile.ts checks it.
 * GIF, WebP, BMP and AVIF need none of this: Skia decodes them into sRGB pixels, converting by
 * their profiles (decode.ts).
 */
import { inflateSync } from 'node:zlib';
import { pngChunks } from '../raster/png-chunks.js';
import { u32 } from '../sfnt/binary.js';
import { ascii, jpegComponents, jpegSegments } from './image-info.js';
import type { ProfileRead } from './icc-profile.js';
import { MAX_PROFILE_BYTES, NO_PROFILE, checkProfile } from './icc-profile.js';
import type { Chromaticities } from './png-chunk-profile.js';
import { chunkProfile, gammaExponent } from './png-chunk-profile.js';

const ICC_MARKER = 'ICC_PROFILE\0';
const APP2 = 0xe2;
/** A broken sequence's warning names this many of its pieces' numbers (a file may have hundreds). */
const MAX_NUMBERS_SHOWN = 8;



/** The profile of a PNG or JPEG file (`none` when it has none, or an sRGB one). */
export function readEmbeddedProfile(bytes: Uint8Array, format: 'png' | 'jpeg'): ProfileRead {
  return format === 'png' ? pngProfile(bytes) : jpegProfile(bytes);
}

/**
 * Colour types 0 and 4 are grey (a GRAY profile), 2, 3 and 6 RGB or a palette of RGB (an RGB one).
 * An iCCP chunk comes first, then sRGB (Skia's order: a file with both means its profile), then
 * the profile gAMA (and cHRM with it) describe (png-chunk-profile.ts).
 */
function pngProfile(bytes: Uint8Array): ProfileRead {
  const components = bytes[25] === 0 || bytes[25] === 4 ? 1 : 3;
  let srgb = false;
  let exponent: number | undefined;
  let chromaticities: Chromaticities | undefined;
  for (const { type, length, data, cutShort } of pngChunks(bytes)) {
    if (type === 'IDAT' || type === 'PLTE' || cutShort) break; // these come before both
    if (type === 'iCCP') return checkPngProfile(data, components);
    if (type === 'sRGB') srgb = true;
    if (type === 'gAMA' && length === 4) exponent = gammaExponent(u32(data, 0));
    if (type === 'cHRM' && length === 32) chromaticities = Array.from({ length: 8 }, (_, i) => u32(data, 4 * i) / 100_000) as unknown as Chromaticities;
  }
  if (srgb || exponent === undefined || (chromaticities === undefined && exponent >= SRGB_LIKE_GAMMA[0] && exponent <= SRGB_LIKE_GAMMA[1])) return NO_PROFILE;
  return checkProfile(chunkProfile(exponent, chromaticities, components), components);
}

/**
 * Chromium 156 prints a PNG whose gAMA alone says a gamma near sRGB's as sRGB (measured: gAMA
 * values 43,500 to 47,500, i.e. decoding exponents 2.1 to 2.3, change nothing; 43,000 and 48,000
 * do), and cHRM alone changes nothing; gAMA with cHRM makes a profile whatever its value.
 */
const SRGB_LIKE_GAMMA = [2.1, 2.3] as const;

/** An iCCP chunk's data: a name of 1-79 bytes, a NUL, the compression method (0: zlib), the profile. */
function checkPngProfile(chunk: Uint8Array, components: number): ProfileRead {
  const nul = chunk.indexOf(0);
  if (nul < 1 || nul > 79 || chunk[nul + 1] !== 0) return { kind: 'ignored', reason: 'its iCCP chunk is malformed' };
  let profile: Uint8Array;
  try {
    // one byte more than the bound: a profile that fills it is too large, without inflating a bomb whole
    profile = inflateSync(chunk.subarray(nul + 2), { maxOutputLength: MAX_PROFILE_BYTES + 1 });
  } catch (error) {
    const tooLarge = error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    return { kind: 'ignored', reason: tooLarge ? `it inflates past the ${MAX_PROFILE_BYTES} bytes octavo embeds` : 'its compressed data is damaged' };
  }
  return checkProfile(profile, components);
}

/** The APP2 pieces in their sequence numbers' order (1 to their count, each once), joined. */
function jpegProfile(bytes: Uint8Array): ProfileRead {
  const pieces: { readonly sequence: number; readonly count: number; readonly data: Uint8Array }[] = [];
  for (const { marker, start, end } of jpegSegments(bytes)) {
    if (marker !== APP2 || end - start < 14 || ascii(bytes, start, 12) !== ICC_MARKER) continue;
    pieces.push({ sequence: bytes[start + 12]!, count: bytes[start + 13]!, data: bytes.subarray(start + 14, end) });
  }
  if (pieces.length === 0) return NO_PROFILE;
  const count = pieces[0]!.count;
  const ordered = [...pieces].sort((a, b) => a.sequence - b.sequence);
  if (pieces.length !== count || ordered.some((piece, i) => piece.count !== count || piece.sequence !== i + 1)) {
    const numbers = ordered.slice(0, MAX_NUMBERS_SHOWN).map((p) => `${p.sequence}/${p.count}`).join(', ');
    return { kind: 'ignored', reason: `its APP2 ICC_PROFILE segments do not make a whole profile (${pieces.length} pieces, numbered ${numbers}${pieces.length > MAX_NUMBERS_SHOWN ? ', …' : ''})` };
  }
  const length = pieces.reduce((sum, piece) => sum + piece.data.length, 0);
  if (length > MAX_PROFILE_BYTES) return { kind: 'ignored', reason: `it has ${length} bytes, more than the ${MAX_PROFILE_BYTES} octavo embeds` };
  const profile = new Uint8Array(length);
  let at = 0;
  for (const piece of ordered) {
    profile.set(piece.data, at);
    at += piece.data.length;
  }
  return checkProfile(profile, jpegComponents(bytes) ?? 0);
}
