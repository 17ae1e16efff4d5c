/**
 * The TextSystem of one render: matching through the render's catalog, shaping through the
 * engine-wide caches, and this render's record of used faces and missing-glyph warnings.
 *
 * Two caches owned by the registry and shared by every render of the engine:
 * - `texts`: (catalog and request, text) -> ShapedText, the same object on every hit (two keys: no
 *   key string built per lookup);
 * - `runs`: (face id, size, features, text) -> GlyphRun, so requests that resolve to the same
 *   face (`Arial`, `sans-serif`, weight 400 or 500) share their shaping; two keys too, the first
 *   made once per face, request and direction (`runPrefix`).
 * In front of them, a per-render memo keyed by the request object (layout reuses one request per
 * style) and the text, so a word measured again in the same render costs two Map lookups; it
 * holds at most MEMO_ENTRIES texts.
 */
import { mathParameters, type MathParameters } from './math-parameters.js';
import type { Diagnostics } from '../diagnostics.js';
import type { SourceLocation } from '../errors.js';
import type { FontSourceRule } from './load.js';
import type { FontFace, FontRequest, FontUnits, GlyphRun, ScaledFontMetrics, ShapeOptions, ShapedText, TextSystem, WarningPlaces } from './types.js';
import type { BoundedPairCache } from '../cache/bounded.js';
import type { FaceCatalog, FontconfigQuestions, Resolution } from './catalog.js';
import { MAX_FONTCONFIG_QUESTIONS } from './catalog.js';
import { isGenericFamily } from './browser-families.js';
import { quotedGenericWarning, unquotedGenericFamily } from '../css/model/font-types.js';
import { requestKeys } from './keys.js';
import { segmentByFace } from './segment.js';
import type { FaceSegment } from './segment.js';
import { shapeRun } from './shape.js';
import { adjustedFontSize } from './size-adjust.js';
import { damagedGlyphOutline, type FontProgram } from './fontkit.js';
import { fontLanguageSystem, hasNoScript } from './opentype-language.js';
import { mayInteract, pairLaidOutAsLatin } from './pair-interaction.js';
import { fontNameOf } from './face.js';
import type { GlyphAdvances } from './advance.js';
import { orientedPieces, uprightRequest } from './upright.js';
import { fontUnitsOf, scaleMetrics } from './metrics.js';
import { capsPlan, smallCapsPieces, syntheticCapsRequests } from './small-caps.js';
import { appendAll } from '../append-all.js';

export interface CachedText {
  readonly shaped: ShapedText;
  /** Characters no font has, reported once per render. */
  readonly missing: readonly number[];
  /** Runs shaped without their font's layout tables (fontkit failed on them), reported once per render and face. */
  readonly degraded: readonly DegradedRun[] | undefined;
}

/** A face fontkit could not shape a text with, and why. */
interface DegradedRun {
  readonly face: FontFace;
  readonly reason: string;
}

/**
 * Why a glyph run was shaped without its font's layout tables. The run stays in the engine-wide
 * cache, so a later render that meets it there must hear the warning too (weak: the cache owns the run).
 */
const degradedRuns = new WeakMap<GlyphRun, string>();

export interface ShapeCaches {
  /** By the request's key (`keyPrefix`) and the text. */
  readonly texts: BoundedPairCache<string, string, CachedText>;
  /**
   * By the face, size, features, direction and advances (`runPrefix`) and the text. One key string
   * per entry, built per lookup, was a chain of nine concatenations that the cache kept as it was:
   * ~300 bytes an entry, 4.5 MB of a long table's heap in the entries and the keys refused.
   */
  readonly runs: BoundedPairCache<string, string, GlyphRun>;
  /**
   * What shaping two characters together adds to their advances (`pairKerning`), by the
   * request's left-to-right key (`keyPrefix`) and the pair (left * 0x110000 + right). A render
   * keeps its own answers per request; this keeps them across renders, where finding each pair
   * again cost three shaped-text lookups with keys built afresh (~3 % of a warm invoice's render).
   */
  readonly kernings: BoundedPairCache<string, number, number>;
  /** shape() calls with a non-empty text, over every render (benchmarks). */
  readonly counters: { calls: number };
}

export interface TextSystemInput {
  readonly catalog: FaceCatalog;
  readonly caches: ShapeCaches;
  readonly diagnostics: Diagnostics;
  /** Problems known before the render (unreadable extra fonts), reported into it. */
  readonly notices?: readonly string[];
  /** How glyph advances are sized (text/advance.ts); default exact. */
  readonly advances?: GlyphAdvances;
  /** The `@font-face` rule of each face the render loaded, by the face's entry key (FontFace.entryKey): warnings about its font point there. */
  readonly rules?: ReadonlyMap<string, FontSourceRule>;
  /**
   * Families the document declares, lower-cased: its `@font-face` rules' and its web-font
   * stylesheets'. One that did not load was warned about where it is declared, not again here.
   */
  readonly declaredFamilies?: ReadonlySet<string> | undefined;
}

/** `auto`: the direction of the text's script, as fontkit decides it. */
type Direction = 'ltr' | 'rtl' | 'auto';

/** Character pairs whose kerning a render keeps per font request before it starts again (pairKerning). */
const MAX_KERNING_PAIRS = 50_000;

/** How one face's runs for one request and direction are cached and shaped (RenderTextSystem.runKey). */
interface RunKey {
  readonly prefix: string;
  /** The OpenType language system the face has for the request's language, if any. */
  readonly language: string | undefined;
}

const NOWHERE: SourceLocation = {};

const NO_RULES: ReadonlyMap<string, FontSourceRule> = new Map();
const NO_FAMILIES: ReadonlySet<string> = new Set();

/** What the document declares of its fonts: TextSystemInput's `rules` and `declaredFamilies`. */
interface DeclaredFonts {
  readonly rules: ReadonlyMap<string, FontSourceRule>;
  readonly families: ReadonlySet<string>;
}

/** Names of the platform's UI font that system font stacks begin with (browsers elsewhere find nothing by them). */
const SYSTEM_FONT_ALIASES: ReadonlySet<string> = new Set(['-apple-system', 'blinkmacsystemfont']);

/** How many font names (not generic families) a `font-family` list has. */
function namedFamilies(families: readonly string[]): number {
  let count = 0;
  for (const family of families) if (!isGenericFamily(family.trim().toLowerCase())) count++;
  return count;
}

const EMPTY: ShapedText = Object.freeze({ runs: Object.freeze([]), width: 0 });

/**
 * The runs of one face's text: one run (with the caps features the face has, small-caps.ts), or
 * for small capitals the face cannot draw, runs of capitals at the small-caps size between runs
 * at the full size (their `text` stays the source).
 */
function faceRuns(system: RenderTextSystem, { face, text }: FaceSegment, request: FontRequest, direction: Direction, degraded: DegradedRun[]): GlyphRun[] {
  if (request.caps === undefined) return [system.shapeSegment(face, text, request, direction, degraded)];
  const plan = capsPlan(face, request, request.caps);
  if (plan.kind === 'font') return [system.shapeSegment(face, text, plan.request, direction, degraded)];
  const requests = syntheticCapsRequests(request);
  return smallCapsPieces(text, plan.shrink).map((piece) => {
    const run = system.shapeSegment(face, piece.shaped, piece.small ? requests.small : requests.plain, direction, degraded);
    return piece.shaped === piece.text ? run : { ...run, text: piece.text, caseMapped: true };
  });
}

/** What the per-render memo keeps per request and direction: its results, and its first key in the engine-wide cache. */
interface RequestMemo {
  readonly prefix: string;
  results: Map<string, ShapedText>;
  /** The memo's generation these results belong to (older ones are dropped on their next use). */
  generation: number;
}

/**
 * Most texts the per-render memo holds. Past it the memo starts again: a long document keeps
 * the shaped text of the pages still to come, not of every page (a text seen again after that
 * comes from the engine-wide cache, or is shaped again).
 */
const MEMO_ENTRIES = 8192;

export function createTextSystem(input: TextSystemInput): TextSystem {
  for (const notice of input.notices ?? []) input.diagnostics.warn('font', notice);
  const declared: DeclaredFonts = { rules: input.rules ?? NO_RULES, families: input.declaredFamilies ?? NO_FAMILIES };
  return new RenderTextSystem(input.catalog, input.caches, input.diagnostics, input.advances ?? 'exact', declared);
}

/**
 * One render's text system. A class, not closures made per render: V8 keeps a closure's
 * optimised code only while a closure of it lives, so closures made afresh for every render were
 * compiled by TurboFan again after each full GC; these methods live on the prototype and keep
 * their code for the process.
 */
class RenderTextSystem implements TextSystem {
  readonly faces = new Map<string, FontFace>();
  private readonly metricsMemo = new Map<string, ScaledFontMetrics>();
  private readonly mathMemo = new Map<string, MathParameters>();
  private readonly hyphens = new WeakMap<FontRequest, string>();
  /** pairKerning's answers per request, by left * 0x110000 + right. */
  private readonly kernings = new WeakMap<FontRequest, Map<number, number>>();
  private readonly lastKerning: { request: FontRequest | undefined; pairs: Map<number, number> | undefined } = { request: undefined, pairs: undefined };
  private readonly resolutions = new WeakMap<FontRequest, Resolution>();
  /** Per-render memo in front of the engine-wide cache: request object -> text -> result, per direction. */
  private readonly memos: Record<Direction, WeakMap<FontRequest, RequestMemo>> = { auto: new WeakMap(), ltr: new WeakMap(), rtl: new WeakMap() };
  /** The glyph-run cache's first key and the OpenType language system per request, face and direction (runKey). */
  private readonly runKeys: Record<Direction, WeakMap<FontRequest, Map<FontFace, RunKey>>> = { auto: new WeakMap(), ltr: new WeakMap(), rtl: new WeakMap() };
  private generation = 0;
  private entries = 0;
  /** Faces fontkit failed to shape a text with, reported once per render. */
  private readonly degradedFaces = new Set<string>();
  /** Fonts whose damaged layout tables were hidden, reported once per render (a synthetic bold face shares its program). */
  private readonly damagedPrograms = new Set<object>();
  /** Fonts with a glyph outline fontkit could not read, reported once per render. */
  private readonly damagedGlyphPrograms = new Set<object>();
  /** Characters no font has, reported once per render. */
  private readonly reported = new Set<number>();
  /** fontconfig questions about names no font has, left to this render (catalog.ts). */
  private readonly questions: FontconfigQuestions = { left: MAX_FONTCONFIG_QUESTIONS, passedOver: [] };
  /** Requests whose fonts were chosen with names passed over: their shaped texts are this render's only. */
  private readonly provisional = new WeakSet<FontRequest>();
  /** First families of `font-family` lists checked in this render (warnMissingFamily), lower-cased. */
  private readonly firstFamilies = new Set<string>();
  /** Those that no font has, as written, with the family the first text asking for one was set in. */
  private readonly missingFamilies: { readonly family: string; readonly used: string }[] = [];
  /** Characters no font has, with the text they were first met in (reportMissing). */
  private readonly missingGlyphs: { readonly codePoints: readonly number[]; readonly sample: string }[] = [];

  constructor(
    private readonly catalog: FaceCatalog,
    private readonly caches: ShapeCaches,
    private readonly diagnostics: Diagnostics,
    private readonly advances: GlyphAdvances,
    private readonly declared: DeclaredFonts,
  ) {}

  shape(text: string, request: FontRequest, options?: ShapeOptions): ShapedText {
    if (text.length === 0) return EMPTY;
    this.caches.counters.calls++;
    const direction: Direction = options?.direction ?? 'auto';
    const memo = this.memoOf(request, direction);
    if (memo.generation !== this.generation) {
      memo.results = new Map();
      memo.generation = this.generation;
    }
    let shaped = memo.results.get(text);
    if (shaped === undefined) {
      shaped = this.shapeShared(text, request, direction, memo.prefix);
      if (++this.entries > MEMO_ENTRIES) {
        this.generation++;
        this.entries = 1;
        memo.results = new Map();
        memo.generation = this.generation;
      }
      memo.results.set(text, shaped);
    }
    return shaped;
  }

  hyphen(request: FontRequest): string {
    let hyphen = this.hyphens.get(request);
    if (hyphen === undefined) {
      hyphen = this.resolve(request).primary.hasGlyphFor(0x2010) ? '\u2010' : '-';
      this.hyphens.set(request, hyphen);
    }
    return hyphen;
  }

  pairKerning(request: FontRequest, left: number, right: number): number {
    // asked twice per word, mostly for the request asked last
    let byPair = request === this.lastKerning.request ? this.lastKerning.pairs : this.kernings.get(request);
    if (byPair === undefined) {
      byPair = new Map();
      this.kernings.set(request, byPair);
    }
    this.lastKerning.request = request;
    this.lastKerning.pairs = byPair;
    const key = left * 0x110000 + right;
    let kerning = byPair.get(key);
    if (kerning === undefined) {
      const prefix = this.memoOf(request, 'ltr').prefix;
      kerning = this.caches.kernings.get(prefix, key);
      if (kerning === undefined) {
        kerning = this.pairDifference(request, String.fromCodePoint(left), String.fromCodePoint(right));
        // as for shaped texts (cachedText): not kept past a render that may ask about names passed over
        if (!this.provisional.has(request)) this.caches.kernings.set(prefix, key, kerning);
      }
      // a text of random characters has as many pairs as characters: start again past a bound
      if (byPair.size >= MAX_KERNING_PAIRS) byPair.clear();
      byPair.set(key, kerning);
    }
    return kerning;
  }

  /** What shaping `first` and `second` together adds to shaping them apart (pairKerning). */
  private pairDifference(request: FontRequest, first: string, second: string): number {
    const alone = [this.shapeQuietly(first, request), this.shapeQuietly(second, request)] as const;
    // characters no font has (half a flag) are not kerned, and not reported from here
    if (alone[0].missing.length > 0 || alone[1].missing.length > 0) return 0;
    const [a, b] = [alone[0].shaped.runs, alone[1].shaped.runs];
    // glyphs of two faces never kern; glyphs of one face only where its lookups may position them together
    if (a.length === 1 && b.length === 1 && a[0]!.glyphs.length === 1 && b[0]!.glyphs.length === 1) {
      const face = a[0]!.face;
      if (face !== b[0]!.face || !mayInteract(face.program as FontProgram, a[0]!.glyphs[0]!.id, b[0]!.glyphs[0]!.id, pairLaidOutAsLatin(first + second))) return 0;
    }
    // the pair is shaped past the text cache (the kerning caches keep the answer), not kept there
    const difference = this.shapeUncached(first + second, request, 'ltr').shaped.width - alone[0].shaped.width - alone[1].shaped.width;
    // what is left of subtracting sums of advances is no kerning
    return Math.abs(difference) < 1e-6 ? 0 : difference;
  }

  metrics(request: FontRequest): ScaledFontMetrics {
    return this.ofFirstFont(this.metricsMemo, request, scaleMetrics);
  }

  /** Asked for by every fraction, script and stretchy operator of a formula. */
  mathParameters(request: FontRequest): MathParameters {
    return this.ofFirstFont(this.mathMemo, request, mathParameters);
  }

  fontUnits(request: FontRequest): FontUnits {
    // a measure asks for no text: a family no font has is warned where text asks for it, not here
    return fontUnitsOf(this.resolve(request, false).primary);
  }

  /** What `make` gives for the first available font of `request` at its used size, made once per face and size. */
  private ofFirstFont<T extends object>(memo: Map<string, T>, request: FontRequest, make: (face: FontFace, size: number) => T): T {
    const primary = this.resolve(request).primary;
    const size = this.usedSize(request) * (primary.sizeAdjust ?? 1);
    const key = `${primary.id}\u0000${size}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = Object.freeze(make(primary, size));
      memo.set(key, value);
    }
    return value;
  }

  /** The size glyphs and metrics are at: the font size, or what `font-size-adjust` makes of it with the first available font. */
  private usedSize(request: FontRequest): number {
    return request.sizeAdjust === undefined ? request.size : adjustedFontSize(request.size, request.sizeAdjust, this.resolve(request).primary);
  }

  /** Shapes one face's text through the engine-wide run cache; a run fontkit could not shape is added to `degraded`. */
  shapeSegment(face: FontFace, text: string, request: FontRequest, direction: Direction, degraded: DegradedRun[]): GlyphRun {
    const key = this.runKey(face, request, direction);
    // a hit is rare (a text another family list shaped with this face), so both ways share the
    // tail below: a branch first taken in a warm process would deoptimise the function
    const run = this.caches.runs.get(key.prefix, text) ?? this.shapeRunOnce(face, text, request, direction, key);
    const reason = degradedRuns.get(run);
    if (reason !== undefined) degraded.push({ face, reason });
    return run;
  }

  /** A run of the run cache's miss, shaped and kept there (with the reason it was shaped without the font's tables, if it was). */
  private shapeRunOnce(face: FontFace, text: string, request: FontRequest, direction: Direction, { prefix, language }: RunKey): GlyphRun {
    // a text of no script of its own takes its language's, when the face has forms for the language
    const script = language !== undefined && hasNoScript(text) ? request.language?.script : undefined;
    const result = shapeRun({
      face, text, size: this.usedSize(request) * (face.sizeAdjust ?? 1), features: requestKeys(request).features, advances: this.advances, upright: request.upright === true,
      ...(direction === 'auto' ? {} : { direction }), ...(language === undefined ? {} : { language }), ...(script === undefined ? {} : { script }),
    });
    this.warnDamagedGlyphs(face);
    if (result.degraded !== undefined) degradedRuns.set(result.run, result.degraded);
    this.caches.runs.set(prefix, text, result.run);
    return result.run;
  }

  /** Warns once per render and face about texts fontkit could not shape with the face's layout tables. */
  private reportDegraded(runs: readonly DegradedRun[]): void {
    for (const { face, reason } of runs) {
      if (this.degradedFaces.has(face.id)) continue;
      this.degradedFaces.add(face.id);
      this.warnAbout(face, `could not be shaped (${reason}); glyphs drawn without its layout tables`);
    }
  }

  /** Warns once per render about a font whose damaged layout tables were hidden from fontkit (a synthetic bold face shares its program). */
  private warnDamagedTables(face: FontFace): void {
    const damaged = face.damagedTables;
    if (damaged === undefined || this.damagedPrograms.has(face.program)) return;
    this.damagedPrograms.add(face.program);
    const tables = `${damaged.tags.join(' and ')} table${damaged.tags.length > 1 ? 's' : ''}`;
    this.warnAbout(face, `could not be shaped (${damaged.reason}); glyphs drawn without its ${tables}`);
  }

  /** Warns once per render about a font with a glyph outline fontkit could not read: when shaping finds it, or at the font's first use in a later render. */
  private warnDamagedGlyphs(face: FontFace): void {
    const damagedGlyph = damagedGlyphOutline(face.program);
    if (damagedGlyph === undefined || this.damagedGlyphPrograms.has(face.program)) return;
    this.damagedGlyphPrograms.add(face.program);
    this.warnAbout(face, `has glyph outlines that cannot be read (${damagedGlyph}); drawn empty`);
  }

  /**
   * A `font` warning about one face's font, saying which file it is and located where the author
   * can act: an `@font-face` face at its rule, with its URL as written; an extra or installed font
   * by its file; a bundled one by its name alone.
   */
  private warnAbout(face: FontFace, problem: string): void {
    const rule = this.declared.rules.get(face.entryKey);
    if (rule !== undefined) {
      this.diagnostics.warn('font', `font "${fontNameOf(face)}" from ${rule.written} (@font-face "${face.family}") ${problem}`, rule.where);
      return;
    }
    const from = face.file === undefined ? '' : ` from ${face.file}`;
    this.diagnostics.warn('font', `font "${fontNameOf(face)}"${from} ${problem}`, NOWHERE);
  }

  /**
   * The glyph-run cache's first key, made once per request, face and direction so that the entries
   * of a render share one string, and the language system the face shapes the request's language
   * with (none when the font has no forms of its own for it: its runs are then shared across languages).
   */
  private runKey(face: FontFace, request: FontRequest, direction: Direction): RunKey {
    let byFace = this.runKeys[direction].get(request);
    if (byFace === undefined) {
      byFace = new Map();
      this.runKeys[direction].set(request, byFace);
    }
    let key = byFace.get(face);
    if (key === undefined) {
      const language = fontLanguageSystem(face.program as FontProgram, request.language);
      const prefix = `${face.id}\u0000${this.usedSize(request)}\u0000${requestKeys(request).featuresKey}${request.upright === true ? '\u0000upright' : ''}\u0000${direction}\u0000${this.advances}${language === undefined ? '' : `\u0000${language}`}`;
      key = { prefix, language };
      byFace.set(face, key);
    }
    return key;
  }

  /** A resolution is a small object over the catalog's shared matching: one per request object (layout reuses one per style). */
  private resolve(request: FontRequest, warnMissing = true): Resolution {
    let resolution = this.resolutions.get(request);
    if (resolution === undefined) {
      const keys = requestKeys(request);
      const passedOver = this.questions.passedOver.length;
      resolution = this.catalog.resolve(request.families, request, keys, request, this.questions);
      this.resolutions.set(request, resolution);
      if (warnMissing) this.warnMissingFamily(request.families, resolution);
      if (this.questions.passedOver.length > passedOver) this.provisional.add(request);
      if (passedOver === 0 && this.questions.passedOver.length > 0) {
        this.diagnostics.warn('font', `font-family names no font has: fontconfig was asked about ${MAX_FONTCONFIG_QUESTIONS} of them in this document (each is a process), so "${this.questions.passedOver[0]}" and the later ones are passed over as names it has no substitute for`);
      }
    }
    return resolution;
  }

  /**
   * A list whose first family no font has, said once per render: browsers go on to the next family
   * silently, and the page then looks unlike the design with no clue why. Generic families and the
   * system-font aliases of Apple's and Chromium's (`-apple-system`, `BlinkMacSystemFont`) are not
   * font names. A stack of three names or more is written to find whatever a machine has (a
   * framework's `"Inconsolata", "Hack", "SF Mono", …`), and a declared family's failure was said
   * where it is declared: neither is warned.
   */
  private warnMissingFamily(families: readonly string[], resolution: Resolution): void {
    const first = families[0];
    if (first === undefined) return;
    const key = first.trim().toLowerCase();
    if (this.firstFamilies.has(key)) return;
    this.firstFamilies.add(key);
    if (isGenericFamily(key) || SYSTEM_FONT_ALIASES.has(key) || this.declared.families.has(key) || namedFamilies(families) > 2) return;
    if (this.catalog.hasFamily(key, this.questions)) return;
    this.missingFamilies.push({ family: first, used: resolution.primary.family });
  }

  /** The damaged glyph outlines the PDF writer found, for the faces this render used (once per font, as when shaping finds them). */
  reportAfterWriting(): void {
    for (const face of this.faces.values()) this.warnDamagedGlyphs(face);
  }

  /**
   * The warnings of warnMissingFamily and reportMissing, said once layout is done, where the
   * render's boxes first ask for each family and first hold each missing character.
   */
  reportDeferred(places: WarningPlaces): void {
    for (const { family, used } of this.missingFamilies.splice(0)) {
      const quotedGeneric = unquotedGenericFamily(family);
      const message = quotedGeneric === undefined
        ? `font-family "${family}" has no font: no @font-face rule loads it and it is not installed here, so the first text asking for it is set in "${used}" (declare it with @font-face, or give its file to the engine: the fonts option, --font-dir)`
        : `${quotedGenericWarning(quotedGeneric)}, and none has that name here, so the first text asking for it is set in "${used}" (write ${quotedGeneric} without quotes for the generic family)`;
      this.diagnostics.warn('font', message, places.family(family) ?? NOWHERE);
    }
    for (const { codePoints, sample } of this.missingGlyphs.splice(0)) {
      const names = codePoints.map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
      this.diagnostics.warn('font', `no available font has a glyph for ${names} (in "${sample}"); drawn as .notdef`, places.text(codePoints) ?? NOWHERE);
    }
  }

  /** The render's memo of a request's shaped texts in one direction, with the request's cache key, made on first use. */
  private memoOf(request: FontRequest, direction: Direction): RequestMemo {
    let memo = this.memos[direction].get(request);
    if (memo === undefined) {
      memo = { prefix: this.keyPrefix(request, direction), results: new Map(), generation: this.generation };
      this.memos[direction].set(request, memo);
    }
    return memo;
  }

  private keyPrefix(request: FontRequest, direction: Direction): string {
    const keys = requestKeys(request);
    return `${this.catalog.id}\u0000${keys.match}\u0000${keys.variation}\u0000${keys.rendering}\u0000${direction}\u0000${this.advances}\u0000`;
  }

  private shapeShared(text: string, request: FontRequest, direction: Direction, prefix: string): ShapedText {
    const entry = this.cachedText(text, request, direction, prefix);
    for (const run of entry.shaped.runs) {
      if (this.faces.has(run.face.id)) continue;
      this.faces.set(run.face.id, run.face);
      this.warnDamagedTables(run.face);
      this.warnDamagedGlyphs(run.face);
      if (run.face.undrawnColor !== undefined) this.warnAbout(run.face, `has ${run.face.undrawnColor}, which octavo does not draw: its glyphs print in their plain outlines`);
    }
    if (entry.missing.length > 0) this.reportMissing(text, entry.missing);
    if (entry.degraded !== undefined) this.reportDegraded(entry.degraded);
    return entry.shaped;
  }

  /** The engine-wide cache's entry for a text, shaped on a miss. */
  private cachedText(text: string, request: FontRequest, direction: Direction, prefix: string): CachedText {
    let entry = this.caches.texts.get(prefix, text);
    if (entry === undefined) {
      entry = this.shapeUncached(text, request, direction);
      // a later render that may ask about the names passed over shapes the text again
      if (!this.provisional.has(request)) this.caches.texts.set(prefix, text, entry);
    }
    return entry;
  }

  /** A left-to-right text shaped through the shared cache, but not drawn: nothing is reported about it. */
  private shapeQuietly(text: string, request: FontRequest): CachedText {
    return this.cachedText(text, request, 'ltr', this.memoOf(request, 'ltr').prefix);
  }

  private shapeUncached(text: string, request: FontRequest, direction: Direction): CachedText {
    const missing: number[] = [];
    const runs: GlyphRun[] = [];
    const degraded: DegradedRun[] = [];
    if (request.vertical === undefined) this.shapeFaces(text, request, direction, { missing, runs, degraded });
    // vertical text: upright pieces with the fonts' vertical forms and advances, the rest sideways
    else for (const piece of orientedPieces(text, request.vertical)) this.shapeFaces(piece.text, piece.upright ? uprightRequest(request) : request, direction, { missing, runs, degraded });
    let width = 0;
    for (const run of runs) width += run.width;
    return { shaped: Object.freeze({ runs: Object.freeze(runs), width }), missing, degraded: degraded.length > 0 ? degraded : undefined };
  }

  /** Appends the runs of `text` to `into.runs`, one face's segment after another. */
  private shapeFaces(text: string, request: FontRequest, direction: Direction, into: { readonly missing: number[]; readonly runs: GlyphRun[]; readonly degraded: DegradedRun[] }): void {
    const segmented = segmentByFace(text, this.resolve(request));
    appendAll(into.missing, segmented.missing);
    for (const segment of segmented.segments) {
      for (const run of faceRuns(this, segment, request, direction, into.degraded)) into.runs.push(run);
    }
  }

  /** Notes once per render and character the characters no font has: warned with their place once layout is done (reportDeferred). */
  private reportMissing(text: string, missing: readonly number[]): void {
    const fresh = missing.filter((cp) => !this.reported.has(cp));
    if (fresh.length === 0) return;
    for (const cp of fresh) this.reported.add(cp);
    this.missingGlyphs.push({ codePoints: fresh, sample: text.length > 40 ? `${text.slice(0, 40)}…` : text });
  }
}
