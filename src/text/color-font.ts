/**
 * Colour bitmap fonts (CBDT/CBLC: Noto Color Emoji) as faces for emoji: fontkit shapes their GSUB
 * sequences (ZWJ, modifiers, flags, keycaps → one ligature glyph), src/sfnt/cbdt.ts gives each
 * glyph's PNG and metrics, and paint draws the PNG instead of a font glyph.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { readColorBitmaps } from '../sfnt/cbdt.js';
import { readSbixBitmaps } from '../sfnt/sbix.js';
import { pngDamageSync } from '../raster/png-check.js';
import type { BitmapGlyph, ColorBitmaps } from '../sfnt/cbdt.js';
import type { FaceEntry } from './face.js';
import { safeKey } from './face.js';
import { parseBitmapFont } from './fontkit.js';
import type { FontProgram } from './fontkit.js';

interface ColorFont {
  readonly program: FontProgram;
  readonly bitmaps: ColorBitmaps;
}

/** Parses a colour bitmap font; throws when it is not one (or its tables are broken). */
export function parseColorFont(bytes: Uint8Array): ColorFont {
  const bitmaps = readColorBitmaps(bytes) ?? readSbixBitmaps(bytes);
  if (bitmaps === undefined) throw new Error('no CBDT/CBLC or sbix colour bitmaps');
  return { program: parseBitmapFont(bytes), bitmaps };
}

/**
 * The bitmaps with each glyph read once; a glyph whose data is broken — its record, or its PNG
 * (chunks, CRCs, image data) — is drawn as nothing (reported once through `report`), so bad bytes
 * never stop a render.
 */
export function memoised(bitmaps: ColorBitmaps, report: (message: string) => void): ColorBitmaps {
  const glyphs = new Map<number, BitmapGlyph | null>();
  return {
    ppem: bitmaps.ppem,
    glyph(id) {
      let glyph = glyphs.get(id);
      if (glyph === undefined) {
        try {
          glyph = bitmaps.glyph(id) ?? null;
          // checked whole here: PDFKit finds a damaged PNG only while writing, and failed the document
          const damage = glyph === null ? undefined : pngDamageSync(glyph.png);
          if (damage !== undefined) throw new Error(`its PNG cannot be used: ${damage}`);
        } catch (error) {
          report(`colour glyph ${id} could not be read: ${error instanceof Error ? error.message : String(error)}`);
          glyph = null;
        }
        glyphs.set(id, glyph);
      }
      return glyph ?? undefined;
    },
  };
}

/** A face entry for an installed colour font file, parsed on first use. */
export function colorFaceEntry(file: string, report: (message: string) => void): FaceEntry {
  let parsed: ColorFont | undefined;
  const load = (): ColorFont => {
    if (parsed === undefined) {
      const font = parseColorFont(new Uint8Array(readFileSync(file)));
      parsed = { program: font.program, bitmaps: memoised(font.bitmaps, (message) => report(`${file}: ${message}`)) };
    }
    return parsed;
  };
  const key = `C${createHash('sha1').update(file).digest('hex').slice(0, 8)}_${safeKey(basename(file)).slice(0, 32)}`;
  return {
    family: basename(file),
    weight: [1, 1000],
    style: 'normal',
    stretch: [50, 200],
    unicodeRange: [],
    key,
    program: () => load().program,
    colorBitmaps: () => load().bitmaps,
    file,
  };
}
