/**
 * The one door to fontkit: parsing font bytes and laying out a string, narrowed to the typed
 * `FontProgram` the rest of text/ uses. Nothing else in octavo imports fontkit.
 */
import * as fontkit from 'fontkit';

export interface FkGlyph {
  readonly id: number;
  /** Unreliable after shaping (fontkit caches glyph objects); see `layoutProgram`. */
  readonly codePoints: readonly number[];
  readonly advanceWidth: number;
  readonly bbox: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

export interface FkPosition {
  readonly xAdvance: number;
  readonly yAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
}

interface FkGlyphRun {
  readonly glyphs: readonly FkGlyph[];
  readonly positions: readonly FkPosition[];
  readonly direction: 'ltr' | 'rtl';
}

export interface Os2Table {
  readonly version: number;
  readonly usWeightClass: number;
  readonly usWidthClass: number;
  readonly fsSelection: { readonly italic: boolean; readonly oblique: boolean; readonly useTypoMetrics: boolean };
  readonly typoAscender?: number;
  readonly typoDescender?: number;
  readonly typoLineGap?: number;
  readonly winAscent?: number;
  readonly winDescent?: number;
  readonly xHeight?: number;
  readonly capHeight?: number;
}

/** A parsed font as text/ sees it (a fontkit TTFFont / WOFFFont / WOFF2Font). */
export interface FontProgram {
  readonly unitsPerEm: number;
  readonly postscriptName: string | null;
  readonly familyName: string | null;
  readonly subfamilyName: string | null;
  readonly hhea: { readonly ascent: number; readonly descent: number; readonly lineGap: number };
  readonly 'OS/2'?: Os2Table;
  readonly post?: { readonly underlinePosition: number; readonly underlineThickness: number; readonly italicAngle: number };
  getName(key: string): string | null;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): FkGlyph;
  glyphsForString(text: string): FkGlyph[];
  layout(text: string, features: Readonly<Record<string, boolean>>): FkGlyphRun;
}

/** One shaped glyph in visual order with the code points it stands for (logical order inside). */
export interface LaidOutGlyph {
  readonly glyph: FkGlyph;
  readonly position: FkPosition;
  readonly codePoints: readonly number[];
}

/**
 * Parses font bytes. A collection yields every font in it. Throws when the bytes are not a font
 * fontkit understands or when its essential tables (head, cmap, hhea) cannot be read.
 */
export function parseFontBytes(bytes: Uint8Array): FontProgram[] {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parsed = fontkit.create(buffer) as { fonts?: unknown[] };
  const fonts = Array.isArray(parsed.fonts) ? parsed.fonts : [parsed];
  return fonts.map(checkProgram);
}

function checkProgram(font: unknown): FontProgram {
  const program = font as FontProgram;
  if (typeof program.layout !== 'function' || !(program.unitsPerEm > 0)) {
    throw new Error('not a scalable font');
  }
  // Touch the tables every face needs so a corrupt font fails here, not in the middle of layout.
  program.hasGlyphForCodePoint(0x20);
  void program.hhea.ascent;
  return program;
}

/** fontkit's OpenType engine keeps exact per-glyph code points in `glyphInfos` until cleanup. */
interface OtEngine {
  glyphInfos: readonly { readonly codePoints: readonly number[] }[] | null;
  cleanup(): void;
}

let captured: readonly { readonly codePoints: readonly number[] }[] | null = null;
const hookedEngines = new WeakSet<object>();

/**
 * Glyph objects returned by fontkit are cached per glyph id with the code points of their first
 * use, so `glyph.codePoints` lies for a glyph reached from two characters (space and NBSP).
 * The OpenType engine's own records are exact; keep them when it cleans up.
 */
function hookEngine(program: FontProgram): boolean {
  const engine = (program as unknown as { _layoutEngine?: { engine?: Partial<OtEngine> } })._layoutEngine?.engine;
  if (!engine || typeof engine.cleanup !== 'function' || !('glyphInfos' in engine)) return false;
  if (hookedEngines.has(engine)) return true;
  const original = engine.cleanup;
  engine.cleanup = function (this: OtEngine): void {
    captured = this.glyphInfos;
    original.call(this);
  };
  hookedEngines.add(engine);
  return true;
}

/**
 * Lays `text` out with OpenType features (kern/liga/... as booleans). Glyphs come back in
 * visual order (right-to-left scripts reversed, as fontkit and HarfBuzz do), each with the code
 * points it represents: a ligature has several, the extra glyphs of a decomposition none.
 */
export function layoutProgram(program: FontProgram, text: string, features: Readonly<Record<string, boolean>>): LaidOutGlyph[] {
  const exact = hookEngine(program);
  captured = null;
  const run = program.layout(text, features);
  const logical = exact && captured !== null && (captured as readonly unknown[]).length === run.glyphs.length
    ? (captured as readonly { readonly codePoints: readonly number[] }[]).map((info) => info.codePoints)
    : codePointsWithoutEngine(run, text);
  captured = null;
  const count = run.glyphs.length;
  const reversed = run.direction === 'rtl';
  const result: LaidOutGlyph[] = new Array<LaidOutGlyph>(count);
  for (let i = 0; i < count; i++) {
    const glyph = run.glyphs[i] as FkGlyph;
    result[i] = {
      glyph,
      position: run.positions[i] as FkPosition,
      codePoints: logical[reversed ? count - 1 - i : i] ?? [],
    };
  }
  return result;
}

/**
 * Without an OpenType engine fontkit maps characters one to one (a variation selector joins its
 * base), exactly as `glyphsForString` does; recompute that mapping from the text.
 */
function codePointsWithoutEngine(run: FkGlyphRun, text: string): (readonly number[])[] {
  const mapped = cmapClusters(text);
  if (mapped.length === run.glyphs.length) return mapped;
  // An AAT (morx) font substituted glyphs: its glyph records are the best information left.
  return run.glyphs.map((glyph) => glyph.codePoints);
}

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/** The character groups `glyphsForString` turns into one glyph each. */
function cmapClusters(text: string): number[][] {
  const clusters: number[][] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const last = clusters[clusters.length - 1];
    if (isVariationSelector(cp)) {
      if (last && last.length === 1 && !isVariationSelector(last[0] as number)) last.push(cp);
      continue;
    }
    clusters.push([cp]);
  }
  return clusters;
}
