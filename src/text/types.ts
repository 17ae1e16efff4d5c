/**
 * Text services as layout and paint see them. fontkit stays inside text/ (and its parsed
 * font object is handed, opaque, to pdf/ for embedding).
 */
import type { MathParameters } from './math-parameters.js';
import type { SourceLocation } from '../errors.js';
import type { FontCaps, FontSizeAdjust, FontStyle, FontStyleValue } from '../css/types.js';
import type { FontUnits } from '../css/values/font-metrics.js';

export type { FontUnits };
import type { ColorBitmaps } from '../sfnt/cbdt.js';
import type { ColorLayers } from './color-layers.js';
import type { CjkLocale } from './cjk-locale.js';
import type { OpenTypeLanguage } from './opentype-language.js';
import type { ScriptLanguage } from './script-language.js';

/** Layout tables hidden from fontkit (sfnt/layout-table-check.ts): their tags, and why (`GPOS: ScriptList offset … beyond the table's end`). */
export interface DamagedTables {
  readonly tags: readonly string[];
  readonly reason: string;
}

/** One loaded face: a fontkit font plus the metrics layout needs, in font units. */
export interface FontFace {
  /** Stable id within an engine (used as the PDF font resource key). */
  readonly id: string;
  /** The key of the face entry it was made of, before a variable font's instance and synthesis: a render's `@font-face` faces are found by it. */
  readonly entryKey: string;
  /** The file of an extra or installed font, named in warnings. */
  readonly file?: string;
  readonly family: string;
  readonly postscriptName: string;
  readonly weight: number;
  readonly style: FontStyle;
  readonly unitsPerEm: number;
  /**
   * `size-adjust` of its `@font-face` rule (1 otherwise): its glyphs are set, and its metrics
   * taken, at the font size times this (the runs' `size` is that product; text/system.ts).
   */
  readonly sizeAdjust?: number;
  /** The colour glyphs the font has that octavo does not draw (COLRv1, SVG), as a warning names them: `COLR version 1 colour glyphs`. */
  readonly undrawnColor?: string;
  /** Layout tables not used because they are damaged (text/fontkit.ts `damagedLayoutTables`). */
  readonly damagedTables?: DamagedTables;
  /** Typographic ascent (positive) and descent (negative), hhea/OS2 as browsers pick them. */
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  /** The box every glyph of the face fits in (the `head` table's), font units; undefined when the font gives none. */
  readonly glyphBounds: GlyphBounds | undefined;
  /** The parsed fontkit font, opaque outside text/ (pdf/ passes it to PDFKit). */
  readonly program: object;
  /** True when this face must be drawn with synthetic bold / oblique. */
  readonly syntheticBold: boolean;
  readonly syntheticOblique: boolean;
  /** Set for a colour bitmap font (emoji): its glyphs are painted as these pictures, never embedded. */
  readonly color?: ColorBitmaps;
  /** Set for a COLRv0 font: the coloured outline layers of a glyph (undefined for a plain glyph). */
  readonly colorLayers?: ColorLayers;
  hasGlyphFor(codePoint: number): boolean;
}

/** What a piece of text asks of the font system (from the computed style). */
/** What may be synthesized for a request (CSS Fonts 4 §3.8 `font-synthesis-*`). */
export interface FontSynthesis {
  readonly weight: boolean;
  readonly style: boolean;
  readonly smallCaps: boolean;
}

export interface FontRequest {
  readonly families: readonly string[];
  readonly weight: number;
  /** A keyword or an oblique angle in degrees (the computed `font-style`). */
  readonly style: FontStyleValue;
  readonly stretch: number;
  /** px */
  readonly size: number;
  /** OpenType features on/off, e.g. { kern: 1, liga: 1, tnum: 1 }. */
  readonly features: Readonly<Record<string, number>>;
  /**
   * `font-variant-caps` other than `normal` (the features carry `smcp`, `pcap`, `unic`...); a face
   * without them falls back or draws synthesized small capitals (small-caps.ts).
   */
  readonly caps?: FontCaps;
  /** The CJK locale of the text's language (`lang`), which chooses the fallback font for Han characters. */
  readonly cjkLocale?: CjkLocale;
  /**
   * The text's language (`lang`) when it is written in a script other than Latin and CJK: its
   * primary subtag, and its script as OpenType tags it. Characters of that script fall back first to
   * the fonts fontconfig ranks for the language (script-language.ts).
   */
  readonly scriptLanguage?: ScriptLanguage;
  /**
   * The text's language as OpenType has it (opentype-language.ts): a font with one of its language
   * systems shapes the text with its forms for it.
   */
  readonly language?: OpenTypeLanguage;
  /** Absent when everything may be synthesized (`font-synthesis` initial). */
  readonly synthesis?: FontSynthesis;
  /**
   * Text of a vertical writing mode (CSS Writing Modes 3 §5.1): `mixed` sets the characters that
   * Unicode's Vertical_Orientation makes upright (CJK) upright, `upright` all of them; the rest
   * stays turned sideways with the line.
   */
  readonly vertical?: 'mixed' | 'upright';
  /** Shaped as upright glyphs of vertical text (text/upright.ts): vertical advances and GPOS adjustments. */
  readonly upright?: true;
  /** `font-variation-settings` other than `normal`, in the order written (later tags win). */
  readonly variations?: readonly { readonly tag: string; readonly value: number }[];
  /** `font-optical-sizing: none`: a variable font's `opsz` stays at its default. */
  readonly opticalSizing?: false;
  /** `font-size-adjust` other than `none`: glyphs and metrics are at the size it gives (size-adjust.ts). */
  readonly sizeAdjust?: Exclude<FontSizeAdjust, 'none'>;
}

export interface ShapedGlyph {
  readonly id: number;
  /** px at the run's size, letter-spacing not included. */
  readonly advance: number;
  readonly xOffset: number;
  readonly yOffset: number;
  /** The characters this glyph stands for (a ligature has several; later glyphs of a cluster none). */
  readonly codePoints: readonly number[];
  /** In an upright run (GlyphRun.upright): where the glyph stands. */
  readonly upright?: UprightGlyph;
  /** On the first glyph of a syllable the shaper drew in several glyphs (text/syllable-clusters.ts). */
  readonly cluster?: SyllableCluster;
}

/** A syllable of several glyphs: how many (this one and the next `glyphs - 1`) and its characters in logical order. */
export interface SyllableCluster {
  readonly glyphs: number;
  readonly text: string;
}

/** Where an upright glyph stands, px. */
export interface UprightGlyph {
  /** The vertical origin's height above the baseline. */
  readonly originY: number;
  /** The horizontal advance. */
  readonly width: number;
  /** The font's vertical placement (GPOS: `vpal`, `vhal`, `vkrn`...) in the upright glyph's frame: x rightwards, y downwards. */
  readonly placement?: { readonly x: number; readonly y: number };
}

/** A run of glyphs in one face and size. */
export interface GlyphRun {
  readonly face: FontFace;
  /** px */
  readonly size: number;
  readonly glyphs: readonly ShapedGlyph[];
  /** Sum of advances, px. */
  readonly width: number;
  /** The source text of the run. */
  readonly text: string;
  /**
   * The glyphs draw a case-mapped form of `text` (synthesized small capitals, small-caps.ts): the
   * PDF gives `text` back to a reader that copies them, as Chromium's does.
   */
  readonly caseMapped?: true;
  /**
   * Set upright in vertical text: each glyph's advance is its vertical advance, and it is drawn
   * turned back upright, centred on the line (paint/upright-glyphs.ts).
   */
  readonly upright?: UprightMetrics;
}

/** A box in font units, y up from the baseline. */
export interface GlyphBounds {
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** Where upright glyphs stand in their line, px. */
export interface UprightMetrics {
  /** The face's ascent and descent (positive), px: upright glyphs are centred between them. */
  readonly ascent: number;
  readonly descent: number;
}

/** Shaped text: one run per face used (font fallback splits a word into several runs). */
export interface ShapedText {
  readonly runs: readonly GlyphRun[];
  readonly width: number;
}

/** Vertical metrics of the first available font, scaled to px (CSS Inline 3 §3). */
export interface ScaledFontMetrics {
  readonly ascent: number;
  readonly descent: number; // positive, below the baseline
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number; // px below the baseline (positive = below)
  readonly underlineThickness: number;
  /** The em box above and below the baseline: the OS/2 typo ascent and descent (else hhea's) scaled to sum to the font size, as Blink's ruby takes it. */
  readonly emAscent: number;
  readonly emDescent: number;
}

/** A break opportunity before `index` in a text (UAX #14). */
export interface BreakOpportunity {
  readonly index: number;
  /** Mandatory break (after a newline character). */
  readonly required: boolean;
}

/** How to shape a text beyond its font request. */
export interface ShapeOptions {
  /**
   * The direction of the text's bidi level (UAX #9): `rtl` returns each run's glyphs in visual
   * (right-to-left) order and mirrors brackets; `ltr` keeps logical order whatever the script.
   * Default: the direction of the text's script (Hebrew and Arabic right-to-left).
   */
  readonly direction?: 'ltr' | 'rtl';
}

/** The font system of an engine: matching, shaping (cached), metrics. */
export interface TextSystem {
  /**
   * Shapes `text` with the font chosen for `request`, falling back per character. Runs come in
   * logical order; the glyphs of each run in visual order.
   */
  shape(text: string, request: FontRequest, options?: ShapeOptions): ShapedText;
  /** The hyphen to draw at a hyphenation break: U+2010 when the first available font has it, else U+002D. */
  hyphen?(request: FontRequest): string;
  /**
   * What shaping the two characters together, left to right, adds to their advances shaped apart
   * (px; 0 for characters of two faces): a kerning pair such as space + T. Layout shapes a word and
   * the spaces around it apart, and adds this across them.
   */
  pairKerning?(request: FontRequest, left: number, right: number): number;
  /** Metrics of the first available font of the request (used for the strut and line-height: normal). */
  metrics(request: FontRequest): ScaledFontMetrics;
  /** MathML's layout constants of the first available font of the request (text/math-parameters.ts). */
  mathParameters(request: FontRequest): MathParameters;
  /** `ex`, `ch` and `cap` of the first available font of the request, in em (CSS Values 4 §6.1.1). */
  fontUnits(request: FontRequest): FontUnits;
  /** The faces that were used by shape(), so pdf/ can embed exactly them. */
  readonly faces: ReadonlyMap<string, FontFace>;
  /**
   * Reports the `font-family` names found missing in this render and the characters no font has
   * (one warning each), at the places `places` finds for them: the render calls it once its pages
   * are laid out.
   */
  reportDeferred?(places: WarningPlaces): void;
  /**
   * Reports the glyph outlines found damaged while the PDF was written (fontkit decodes a TrueType
   * glyph's bytes only when it subsets them): the render calls it once the PDF is written.
   */
  reportAfterWriting?(): void;
}

/** Where the render's elements ask for what a deferred font warning is about. */
export interface WarningPlaces {
  /** The element whose boxes first ask for a `font-family` name. */
  family(name: string): SourceLocation | undefined;
  /** The element whose text first holds one of the characters. */
  text(codePoints: readonly number[]): SourceLocation | undefined;
}

/** Horizontal skew of synthetic oblique (x += skew × height above the baseline): tan(14°), as Skia and FreeType slant fake italics. */
export const SYNTHETIC_OBLIQUE_SKEW = 0.25;
