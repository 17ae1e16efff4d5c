/**
 * Font-relative units that need font metrics (CSS Values 4 §6.1.1): `ex` is the x-height of the
 * first available font, `ch` the advance of its "0", in the face the element's weight, style and
 * stretch select. The css stage runs before any font is loaded, so the metrics of the bundled
 * fonts (fonts/, read from their OS/2 `sxHeight` and the advance of U+0030, in units of the em)
 * are kept here, keyed by the family names that resolve to them (src/text/bundled.ts), for each
 * of their four faces. Other families (web fonts, system fonts) are first estimated with the
 * first bundled family of the list, else the 0.5em fallback the spec allows; a unit that read such
 * an estimate is counted (`estimatedFontUnitUses`), and the render styles the document again with
 * the metrics of the fonts it loaded (`measuredFontRatios`, render.ts).
 *
 * `avgCharWidth` and `maxCharWidth` are what Chromium sizes a text field with (boxes/form-controls.ts):
 * the OS/2 `xAvgCharWidth` and the head table's bbox width (xMax - xMin). For the Liberation
 * families they are those of the Liberation 1.x fonts Chromium finds on common Linux systems, not
 * of the bundled 2.x fonts, whose bbox is widened by glyphs a field never shows (1.85em against
 * 1.25em for Liberation Sans): octavo's fields then have Chromium's widths there.
 */
import type { FontSizeAdjust } from '../model/font-types.js';
import type { FontStyleValue } from '../model/types.js';
import { isSlantedStyle } from '../model/font-types.js';

/** `ex`, `ch` and `cap` (and a text field's character widths) as fractions of the font size. */
export interface FontRelativeRatios {
  readonly ex: number;
  readonly ch: number;
  /** OS/2 `sCapHeight`, else the top of "H" (DejaVu Sans: Chromium's hinted value is 0.725–0.73 from 100px up, more at small sizes). */
  readonly cap: number;
  readonly avgCharWidth: number;
  readonly maxCharWidth: number;
  /** How Chromium's FreeType hints the x-height of a font without OS/2 `sxHeight` (hintedEx). */
  readonly exHinting?: ExHinting;
  /** What `line-height: normal` is made of (unknown: 1.2em). */
  readonly lineSpacing?: LineSpacing;
}

/**
 * A font's ascent, descent and line gap, as the text stage picks them (text/face.ts: hhea, or the
 * OS/2 typo metrics where the font asks): `line-height: normal`, which `lh` reads. In em here;
 * the layout's ScaledFontMetrics are the same fields in px.
 */
export interface LineSpacing {
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
}

/**
 * `line-height: normal` in px for metrics scaled by `size` (1 for metrics in px): the ascent,
 * descent and line gap each rounded to whole pixels, as Chromium rounds them — in `lh` and in the
 * layout's line boxes (layout/inline/vertical-align.ts) alike; 1.2em for a font whose metrics are
 * not known.
 */
export function normalLineHeight(spacing: LineSpacing | undefined, size: number): number {
  if (spacing === undefined) return size * 1.2;
  return Math.round(spacing.ascent * size) + Math.round(spacing.descent * size) + Math.round(spacing.lineGap * size);
}

/**
 * The x-height blue zone FreeType's auto-hinter finds in a font (aflatin.c, from the tops of
 * "xz", flat, and "oesc", round), as fractions of the em: `ref` the flat top, `shoot` the round
 * overshoot.
 */
export interface ExHinting {
  readonly ref: number;
  readonly shoot: number;
}

/**
 * `ex` of a font whose OS/2 table has no `sxHeight` (version 0 or 1: the DejaVu fonts), as Chromium
 * on Linux resolves it: Skia then measures the hinted "x", and FreeType's light auto-hinter has
 * scaled the font so that the x-height overshoot lands on a whole pixel (rounded up from 3/8 px,
 * af_latin_metrics_scale_dim) and rounded the flat top: whole pixels, `size` px being the ppem.
 * Measured: DejaVu Sans 6, 7, 9, 11px at 10, 13, 16, 20px; DejaVu Serif 5, 7, 9, 11px.
 */
export function hintedEx(size: number, hinting: ExHinting): number {
  // in FreeType's 26.6 fixed point
  const shoot = Math.round(hinting.shoot * size * 64);
  const fitted = Math.floor((shoot + 40) / 64) * 64;
  const scale = shoot === 0 ? 1 : fitted / shoot;
  return Math.floor((hinting.ref * size * 64 * scale + 32) / 64);
}

/**
 * `cap` of a font whose metrics are not known here: about the cap height of text faces (0.65–0.73em
 * for the bundled ones). The spec's fallback, the font's ascent, is as unknown as its cap height.
 */
const CAP_FALLBACK = 0.7;

/**
 * CSS Values 4 §6.1.1: "it must be assumed to be 0.5em" when metrics are impossible to obtain;
 * a text field is then `size` characters of that width, as Chromium sizes it for a font without
 * an average character width.
 */
export const FALLBACK_RATIOS: FontRelativeRatios = { ex: 0.5, ch: 0.5, cap: CAP_FALLBACK, avgCharWidth: 0.5, maxCharWidth: 0.5 };

/**
 * A family's metrics in each of its faces. Font matching (CSS Fonts 4 §5.2) picks the bold face of a
 * family that has a regular and a bold one from `font-weight: 600` up, the italic one for `italic`
 * and `oblique`: DejaVu's bold "0" is wider, and a text field's widths differ in every face.
 */
interface FamilyFaces {
  readonly regular: FontRelativeRatios;
  readonly bold: FontRelativeRatios;
  readonly italic: FontRelativeRatios;
  readonly boldItalic: FontRelativeRatios;
}

const BOLD_FROM = 600;

/** The faces of a family: the regular one, and what differs in the bold, italic and bold italic ones. */
function faces(regular: FontRelativeRatios, bold: Partial<FontRelativeRatios>, italic: Partial<FontRelativeRatios>, boldItalic: Partial<FontRelativeRatios>): FamilyFaces {
  return { regular, bold: { ...regular, ...bold }, italic: { ...regular, ...italic }, boldItalic: { ...regular, ...boldItalic } };
}

/** Units of a 2048-unit em in em. */
const em = (units: number): number => units / 2048;
/** A text field's widths in a face (`xAvgCharWidth`, the bbox width), in 2048ths of the em. */
const field = (average: number, widest: number): Pick<FontRelativeRatios, 'avgCharWidth' | 'maxCharWidth'> => ({ avgCharWidth: em(average), maxCharWidth: em(widest) });

/** A family's hhea ascent, descent and line gap (the same in its four faces), in 2048ths of the em. */
const spacing = (ascent: number, descent: number, lineGap: number): { lineSpacing: LineSpacing } => ({ lineSpacing: { ascent: em(ascent), descent: em(descent), lineGap: em(lineGap) } });

const UNKNOWN_FAMILY = faces(FALLBACK_RATIOS, {}, {}, {});
const LIBERATION_SANS = faces({ ex: em(1082), ch: em(1139), cap: em(1409), ...field(1208, 2567), ...spacing(1854, 434, 67) }, field(1255, 2552), field(1210, 2733), field(1258, 2739));
const LIBERATION_SERIF = faces({ ex: em(940), ch: em(1024), cap: em(1341), ...field(1163, 2424), ...spacing(1825, 443, 87) }, field(1217, 2595), field(1145, 2590), field(1185, 2721));
const LIBERATION_MONO = faces({ ex: em(1082), ch: em(1229), cap: em(1349), ...field(1229, 1297), ...spacing(1705, 615, 0) }, field(1229, 1314), field(1229, 1636), field(1229, 1622));
const DEJAVU_HINTING: ExHinting = { ref: em(1120), shoot: em(1147) };
const DEJAVU_SPACING = spacing(1901, 483, 0);
// DejaVu Sans Bold: wider digits; the same x-height and cap height
const DEJAVU_SANS = faces({ ex: em(1120), ch: em(1303), cap: em(1493), ...field(1038, 5763), exHinting: DEJAVU_HINTING, ...DEJAVU_SPACING },
  { ch: em(1425), ...field(1173, 6235) }, field(1038, 5478), { ch: em(1425), ...field(1173, 6327) });
// not bundled: the metrics of the DejaVu 2.37 fonts Linux systems install (Chromium's monospace on Debian)
const DEJAVU_SERIF = faces({ ex: em(1063), ch: em(1303), cap: em(1493), ...field(1050, 5888), exHinting: { ref: em(1063), shoot: em(1092) }, ...DEJAVU_SPACING },
  { ch: em(1425), ...field(1159, 5509) }, field(1050, 5124), { ch: em(1425), ...field(1159, 5797) });
const DEJAVU_SANS_MONO = faces({ ex: em(1120), ch: em(1233), cap: em(1493), ...field(1233, 2614), exHinting: DEJAVU_HINTING, ...DEJAVU_SPACING },
  field(1233, 2414), field(1233, 2391), field(1233, 2569));

/**
 * Lower-cased family -> metrics of its faces; the aliases mirror src/text/bundled.ts. Not
 * `system-ui` (fontconfig's sans: Noto Sans or DejaVu Sans where one is installed) nor the `ui-`
 * families (skipped on Linux for the next family of the list, text/browser-families.ts): their
 * font depends on the machine, so a unit that reads them is measured with the loaded fonts.
 */
const BY_FAMILY: ReadonlyMap<string, FamilyFaces> = new Map([
  ['liberation sans', LIBERATION_SANS], ['sans-serif', LIBERATION_SANS], ['arial', LIBERATION_SANS],
  ['helvetica', LIBERATION_SANS], ['helvetica neue', LIBERATION_SANS], ['arimo', LIBERATION_SANS],
  ['liberation serif', LIBERATION_SERIF], ['serif', LIBERATION_SERIF], ['-webkit-standard', LIBERATION_SERIF], ['times new roman', LIBERATION_SERIF],
  ['times', LIBERATION_SERIF], ['tinos', LIBERATION_SERIF],
  // `math` is the standard font (text/bundled.ts has no math family; Chromium on Linux prints it so)
  ['math', LIBERATION_SERIF],
  ['liberation mono', LIBERATION_MONO], ['monospace', LIBERATION_MONO], ['courier new', LIBERATION_MONO],
  ['courier', LIBERATION_MONO], ['cousine', LIBERATION_MONO],
  ['dejavu sans', DEJAVU_SANS], ['dejavu serif', DEJAVU_SERIF], ['dejavu sans mono', DEJAVU_SANS_MONO],
]);

function faceOf(family: FamilyFaces, face: FaceStyle): FontRelativeRatios {
  const italic = isSlantedStyle(face.fontStyle);
  if (face.fontWeight >= BOLD_FROM) return italic ? family.boldItalic : family.bold;
  return italic ? family.italic : family.regular;
}

/** `ex`, `ch` and `cap` in em, as a length context holds them (values/units.ts). */
export interface FontUnitRatios {
  readonly exRatio: number;
  readonly chRatio: number;
  readonly capRatio: number;
  /** Set where `ex` is hinted to whole pixels (hintedEx); always present, so that spreading a font's ratios replaces its parent's. */
  readonly exHinting: ExHinting | undefined;
  /** The font's `line-height: normal` (for `lh`); always present, as `exHinting`. */
  readonly lineSpacing: LineSpacing | undefined;
  /**
   * True when the list names a family whose metrics were not known (a web font, an installed
   * font) before the one these are from: a unit that reads them counts an estimate. Always
   * present, as `exHinting`.
   */
  readonly estimated: boolean;
}

/** The face a computed style asks for, besides its families: `ex`, `ch` and `cap` are that face's (a bold "0" is wider). */
export interface FaceStyle {
  readonly fontWeight: number;
  readonly fontStyle: FontStyleValue;
  readonly fontStretch: number;
}

/** The regular face. */
export const REGULAR_FACE: FaceStyle = { fontWeight: 400, fontStyle: 'normal', fontStretch: 100 };

/** How a cascade finds the FontUnitRatios of a computed `font-family` list in a face. */
export type FontRatioSource = (families: readonly string[], face: FaceStyle) => FontUnitRatios;

/**
 * The metrics of the fonts a render loaded: `key` tells one set of fonts from another (styles
 * computed with them are shared only with renders of the same key), `ratios` measures a list.
 */
export interface DocumentFontMetrics {
  readonly key: string;
  readonly ratios: FontRatioSource;
  /** A list's ratios for sizing a form control (boxes/form-controls.ts): measured where its first family is not known. */
  readonly fieldRatios: (families: readonly string[], face: FaceStyle) => FontRelativeRatios;
}

/**
 * Whether a form control's size read the ratios of a list whose first family is not known (a
 * web font, an installed font): the render builds the boxes again with the loaded fonts' (render.ts).
 */
export function estimatesFieldFont(families: readonly string[]): boolean {
  return !startsKnown(families);
}

let estimatedUses = 0;

/** How many times a length has read estimated ratios in this process (a cascade compares the count before and after it). */
export function estimatedFontUnitUses(): number {
  return estimatedUses;
}

/** Counts one length that read `ratios` when they are estimated (values/units.ts). */
export function noteFontUnitUse(ratios: Partial<FontUnitRatios> | undefined): void {
  if (ratios?.estimated === true) estimatedUses++;
}

/** A font's x-height, advance of "0", cap height and line spacing, in em of the font size (its `size-adjust` applied). */
export interface FontUnits {
  readonly ex: number;
  readonly ch: number;
  readonly cap: number;
  readonly lineSpacing: LineSpacing;
  /** What Chromium sizes a text field with (FontRelativeRatios): OS/2 `xAvgCharWidth` and the bbox width, in em. */
  readonly avgCharWidth: number;
  readonly maxCharWidth: number;
}

/** The first available font's FontUnits for a `font-family` list in a face, as the text stage measures it. */
export type MeasureFontUnits = (families: readonly string[], face: FaceStyle) => FontUnits;

/**
 * The FontRatioSource of a render's loaded fonts: each list measured once a face by `measure`; a
 * list whose first available font is a bundled family keeps its known ratios (hinted `ex` included).
 */
export function measuredFontRatios(key: string, measure: MeasureFontUnits): DocumentFontMetrics {
  const fieldCache = faceCache<FontRelativeRatios>();
  const unitCache = faceCache<FontUnitRatios>();
  return {
    key,
    fieldRatios(families, face) {
      if (startsKnown(families)) return fontRelativeRatios(families, face);
      return fieldCache(families, face, () => {
        const units = measure(families, face);
        return { ex: units.ex, ch: units.ch, cap: units.cap, avgCharWidth: units.avgCharWidth, maxCharWidth: units.maxCharWidth, lineSpacing: units.lineSpacing };
      });
    },
    ratios(families, face) {
      const known = fontUnitRatios(families, face);
      if (!known.estimated) return known;
      return unitCache(families, face, () => measuredRatios(measure(families, face)));
    },
  };
}

/** A value a `font-family` list and face, made by `make` the first time it is asked for. */
function faceCache<T>(): (families: readonly string[], face: FaceStyle, make: () => T) => T {
  const byList = new WeakMap<readonly string[], Map<number, T>>();
  return (families, face, make) => {
    let faces = byList.get(families);
    if (faces === undefined) byList.set(families, faces = new Map());
    const faceKey = faceKeyOf(face);
    let value = faces.get(faceKey);
    if (value === undefined) faces.set(faceKey, value = make());
    return value;
  };
}

/** One number a face: weights are 1–1000, stretches a percentage. */
function faceKeyOf(face: FaceStyle): number {
  return ((face.fontStretch * 1001) + face.fontWeight) * 2 + (isSlantedStyle(face.fontStyle) ? 1 : 0);
}

function measuredRatios(units: FontUnits): FontUnitRatios {
  return { exRatio: units.ex, chRatio: units.ch, capRatio: units.cap, exHinting: undefined, lineSpacing: units.lineSpacing, estimated: false };
}

/** What the css stage knows of a `font-family` list: its first known family's faces, and whether an unknown family comes before it. */
interface KnownList {
  readonly family: FamilyFaces;
  readonly estimated: boolean;
}

const knownLists = new WeakMap<readonly string[], KnownList>();

function knownList(families: readonly string[]): KnownList {
  let list = knownLists.get(families);
  if (list === undefined) {
    let family = UNKNOWN_FAMILY;
    for (const name of families) {
      const known = BY_FAMILY.get(name.toLowerCase());
      if (known !== undefined) {
        family = known;
        break;
      }
    }
    list = { family, estimated: !startsKnown(families) };
    knownLists.set(families, list);
  }
  return list;
}

/** One FontUnitRatios a face's ratios, as known and as estimated. */
const unitRatios = [new WeakMap<FontRelativeRatios, FontUnitRatios>(), new WeakMap<FontRelativeRatios, FontUnitRatios>()] as const;

/** The FontUnitRatios of a computed `font-family` list in a face, from the known families (estimated past an unknown one). */
export function fontUnitRatios(families: readonly string[], face: FaceStyle): FontUnitRatios {
  const list = knownList(families);
  const ratios = faceOf(list.family, face);
  const kept = unitRatios[list.estimated ? 1 : 0];
  let unit = kept.get(ratios);
  if (unit === undefined) kept.set(ratios, unit = { exRatio: ratios.ex, chRatio: ratios.ch, capRatio: ratios.cap, exHinting: ratios.exHinting, lineSpacing: ratios.lineSpacing, estimated: list.estimated });
  return unit;
}

/** Whether the list's first family has known metrics (a bundled family or a generic name): no font could come before it. */
function startsKnown(families: readonly string[]): boolean {
  return families.length === 0 || BY_FAMILY.has(families[0]!.toLowerCase());
}

/**
 * `ex`, `ch` and `cap` at the size `font-size-adjust` gives the first font: a number for the
 * x-height, the "0" or the cap height is that unit itself, the others scale with it; an `ic`
 * metric leaves them (the bundled fonts have no 水 to measure).
 */
export function adjustedRatios(adjust: Exclude<FontSizeAdjust, 'none'>, font: Partial<FontUnitRatios>): FontUnitRatios {
  const ex = font.exRatio ?? FALLBACK_RATIOS.ex;
  const ch = font.chRatio ?? FALLBACK_RATIOS.ch;
  const cap = font.capRatio ?? FALLBACK_RATIOS.cap;
  const estimated = font.estimated === true;
  const lineSpacing = font.lineSpacing;
  if (adjust.value === 'from-font') return { exRatio: ex, chRatio: ch, capRatio: cap, exHinting: font.exHinting, lineSpacing, estimated };
  const scale = adjust.metric === 'ex-height' ? adjust.value / ex : adjust.metric === 'ch-width' ? adjust.value / ch : adjust.metric === 'cap-height' ? adjust.value / cap : 1;
  const scaledSpacing = lineSpacing && { ascent: lineSpacing.ascent * scale, descent: lineSpacing.descent * scale, lineGap: lineSpacing.lineGap * scale };
  // the adjusted size is not hinted here: its x-height as the ratio says
  return { exRatio: ex * scale, chRatio: ch * scale, capRatio: cap * scale, exHinting: undefined, lineSpacing: scaledSpacing, estimated };
}

/** What `ex`, `ch` and `cap` are in the first available font of a computed style, `font-size-adjust` applied (the root's are `rex`, `rch`, `rcap`). */
export function styleFontRatios(style: FaceStyle & { readonly fontFamily: readonly string[]; readonly fontSizeAdjust: FontSizeAdjust }, source: FontRatioSource = fontUnitRatios): FontUnitRatios {
  const ratios = source(style.fontFamily, style);
  return style.fontSizeAdjust === 'none' ? ratios : adjustedRatios(style.fontSizeAdjust, ratios);
}

/** The ratios of a computed `font-family` list's first known family in a face (its regular one by default). */
export function fontRelativeRatios(families: readonly string[], face: FaceStyle = REGULAR_FACE): FontRelativeRatios {
  return faceOf(knownList(families).family, face);
}
