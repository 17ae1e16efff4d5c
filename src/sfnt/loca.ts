/**
 * loca (OpenType "loca — Index to Location"): numGlyphs + 1 ascending offsets into glyf. Read
 * by the PDF subsetter (pdf/subset/face.ts) and checked when a font is parsed (text/fontkit.ts):
 * fontkit reads a glyph where its loca says, past glyf too, and even a glyph's advance goes
 * through its outline's box there.
 */
import { u16, u32 } from './binary.js';

/** The offsets, or undefined when the format is unknown, the table short, or an offset decreases or passes glyf's end. */
export function readLoca(loca: Uint8Array, format: number, numGlyphs: number, glyfLength: number): Uint32Array | undefined {
  if (format !== 0 && format !== 1) return undefined;
  const size = format === 0 ? 2 : 4;
  if (loca.length < (numGlyphs + 1) * size) return undefined;
  const offsets = new Uint32Array(numGlyphs + 1);
  let previous = 0;
  for (let i = 0; i <= numGlyphs; i++) {
    const offset = format === 0 ? u16(loca, i * 2) * 2 : u32(loca, i * 4);
    if (offset < previous || offset > glyfLength) return undefined;
    offsets[i] = offset;
    previous = offset;
  }
  return offsets;
}
