/**
 * Measuring a stretch of one text item: cut into bidi level runs, soft hyphens removed, the
 * spaces at its end shaped apart (they collapse or hang at a line end, CSS Text 3 §4.1.3), each
 * part shaped in its level's direction, then letter- and word-spacing added (CSS Text 3 §7-8).
 * The line breaker measures again only the parts of a word it splits (a hyphenated head, the
 * tail), through the same function.
 */
import type { ComputedStyle, WhiteSpace } from '../../css/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { FontRequest, GlyphRun, TextSystem } from '../../text/types.js';
import type { InlineBox } from '../../boxes/types.js';
import type { MarkerSymbol } from '../types.js';
import type { TextItem } from './items.js';
import type { BidiLevels } from './bidi.js';
import { levelAt } from './bidi.js';
import { mayTrimSpacing, trimAdjacent } from './spacing-trim.js';
import { kerningAfter, nextCharacter } from './kerning-across.js';
import { codePointBefore } from '../../append-all.js';
import { letterSpacingUnits } from './letter-spacing.js';

/** A glyph run with the final advance of each glyph (letter- and word-spacing added). */
export interface MeasuredRun {
  readonly run: GlyphRun;
  readonly advances: readonly number[];
  /** Bidi embedding level: odd levels are right-to-left, their glyphs in visual order. */
  readonly level: number;
  /** The spaces at the end of the piece (removed or hanging at a line end). */
  readonly trailing: boolean;
}

export interface TextPiece {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly parent: InlineBox | undefined;
  readonly item: TextItem;
  /** The stretch of `item.text` measured, [from, to). */
  readonly from: number;
  readonly to: number;
  /** The text drawn, in logical order (soft hyphens removed, an inserted hyphen included). */
  readonly text: string;
  /** Logical order. */
  readonly runs: readonly MeasuredRun[];
  readonly width: number;
  /** Width of the spaces at the end that collapse or hang at the end of a line. */
  readonly trailingSpace: number;
  /**
   * What the piece's end adds only when a piece follows it on its line: the kerning across to the
   * next piece (the letter-spacing after its last letter stays at a line end, as in Chromium).
   */
  readonly endSpacing: number;
  /** Justification opportunities (spaces) not counting the trailing ones. */
  readonly spaces: number;
  readonly breakAfter: boolean;
  readonly forcedBreakAfter: boolean;
  /** Ends with a hyphen inserted at a hyphenation break. */
  readonly hyphenated: boolean;
  /** A preserved tab: the line breaker gives it the width to the next tab stop (CSS Text 3 §4.2). */
  readonly tab?: { readonly size: number; readonly minGap: number };
  /** Bidi level of the first character. */
  readonly level: number;
  /** A list marker's symbol, drawn as a shape (symbol-marker.ts). */
  readonly symbol?: MarkerSymbol | undefined;
}

/** The render's fonts and its memo of run facts (inline/measured.ts `InlineEnv`, kept through the layout context). */
export interface TextEnv {
  readonly text: TextSystem;
  readonly runFacts: WeakMap<GlyphRun, RunFacts>;
}

export interface MeasureEnv extends TextEnv {
  readonly bidi: BidiLevels;
}

export interface TextStretch {
  readonly item: TextItem;
  readonly from: number;
  readonly to: number;
  readonly breakAfter: boolean;
  readonly forcedBreakAfter: boolean;
  /** Draw a hyphen at the end (a hyphenation break was taken there). */
  readonly hyphen: boolean;
}

export function wrapsLines(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'nowrap' && whiteSpace !== 'pre';
}

export function spacesCollapseOrHang(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'pre' && whiteSpace !== 'break-spaces';
}

interface Part {
  readonly text: string;
  readonly level: number;
  readonly trailing: boolean;
}

const RTL = Object.freeze({ direction: 'rtl' as const });
const LTR = Object.freeze({ direction: 'ltr' as const });

export function measureText(stretch: TextStretch, env: MeasureEnv): TextPiece {
  const { item } = stretch;
  const raw = drawnText(stretch);
  const request = fontRequestFromStyle(item.style, item.lang);
  const level = stretch.hyphen ? undefined : uniformLevel(env.bidi, item.start + stretch.from, raw.length);
  if (level !== undefined) {
    const word = measureWord(stretch, env, raw, request, level);
    if (word !== undefined) return word;
  }
  return measureParts(stretch, env, raw, request);
}

/** `measureText` the general way: the stretch cut into parts (`partsOf`), each shaped, its runs spaced and trimmed. */
function measureParts(stretch: TextStretch, env: MeasureEnv, raw: string, request: FontRequest): TextPiece {
  const { item } = stretch;
  const style = item.style;
  const parts = partsOf(raw, stretch, env);
  const runs: MeasuredRun[] = [];
  // each run's facts, looked up once: a trimmed run keeps its characters, so its spaces are these too
  const factsOfRuns: RunFacts[] = [];
  let width = 0;
  let trailingSpace = 0;
  let spaces = 0;
  let text = '';
  for (const part of parts) {
    text += part.text;
    const shaped = env.text.shape(part.text, request, part.level % 2 === 1 ? RTL : LTR);
    // by index: shaped run lists are frozen, and for-of over those allocates per element
    for (let r = 0; r < shaped.runs.length; r++) {
      const run = shaped.runs[r]!;
      const facts = plainFacts(run, env);
      factsOfRuns.push(facts);
      runs.push(spacedRun(run, style, part.level, part.trailing, facts));
    }
  }
  let measuredRuns = trimmedInText(runs, stretch, text);
  // kerning across the piece's end (kerning-across.ts): its last part is its spaces or a word
  const lastPart = parts[parts.length - 1];
  const bodyPart = parts[parts.length - 2];
  const before = lastPart?.trailing === true && bodyPart !== undefined && bodyPart.level % 2 === 0 && lastPart.level % 2 === 0 ? kerningAfter(env, request, bodyPart.text, lastPart.text.charCodeAt(0)) : 0;
  const after = lastPart?.trailing === true && lastPart.level % 2 === 0 ? kerningAfter(env, request, lastPart.text, nextCharacter(item, stretch.to, stretch.forcedBreakAfter)) : 0;
  for (let r = 0; r < measuredRuns.length; r++) {
    const measured = measuredRuns[r]!;
    const facts = factsOfRuns[r]!;
    if (measured.trailing && before !== 0 && !measuredRuns[r - 1]?.trailing) width += before;
    const runWidth = widthOf(measured, facts);
    width += runWidth;
    if (measured.trailing) trailingSpace += runWidth;
    else spaces += facts.spaces;
  }
  if (after !== 0) {
    width += after;
    trailingSpace += after;
  }
  // a word without spaces at its end (never a hyphenated one: that ends its line)
  const endKerning = lastPart !== undefined && !lastPart.trailing && lastPart.level % 2 === 0 && !stretch.hyphen ? kerningAfter(env, request, lastPart.text, nextCharacter(item, stretch.to, stretch.forcedBreakAfter)) : 0;
  if (endKerning !== 0) width += endKerning;
  if (before !== 0 || after !== 0 || endKerning !== 0) measuredRuns = kernedRuns(measuredRuns, before + endKerning, after);
  // the letter-spacing after the last letter stays at a line end, as Chromium keeps it (CSS Text 3
  // §8.2 would take it off): a centred letter-spaced heading is half of it left of the middle
  return new MeasuredText(stretch, text, measuredRuns, { width, trailingSpace, endSpacing: endKerning, spaces }, levelAt(env.bidi, item.start + stretch.from));
}

/** `measureText` without its shortcut for words (`measureWord`): tests compare the two. */
export function measureTextInParts(stretch: TextStretch, env: MeasureEnv): TextPiece {
  return measureParts(stretch, env, drawnText(stretch), fontRequestFromStyle(stretch.item.style, stretch.item.lang));
}

/** The stretch's text but a forced break's newline at its end, which is not drawn. */
function drawnText(stretch: TextStretch): string {
  const raw = stretch.item.text.slice(stretch.from, stretch.to);
  return stretch.forcedBreakAfter && raw.endsWith('\n') ? raw.slice(0, -1) : raw;
}

/** The bidi level of all `length` code units from `from` when they have one, else undefined (`partsOf` would cut them). */
function uniformLevel(bidi: BidiLevels, from: number, length: number): number | undefined {
  const levels = bidi.levels;
  if (levels === undefined) return bidi.paragraphLevel;
  const level = levelAt(bidi, from);
  for (let i = 1; i < length; i++) if (levelAt(bidi, from + i) !== level) return undefined;
  return level;
}

/**
 * `measureText` of a word: one bidi level (`level`), no hyphen to add, its text shaped into one run
 * and the spaces at its end, if any, into another (undefined otherwise) — most pieces: a CJK
 * character, a word and the space after it. Measured without the lists of parts, runs and facts the
 * general way grows by push (17 slots each at once): CJK text is cut at every character, and those
 * lists were most of what measuring it allocated. Same results, summed in the same order.
 */
function measureWord(stretch: TextStretch, env: MeasureEnv, raw: string, request: FontRequest, level: number): TextPiece | undefined {
  const { item } = stretch;
  const style = item.style;
  const direction = level % 2 === 1 ? RTL : LTR;
  let bodyEnd = raw.length;
  if (spacesCollapseOrHang(style.whiteSpace)) while (bodyEnd > 0 && raw.charCodeAt(bodyEnd - 1) === 0x20) bodyEnd--;
  const body = withoutSoftHyphens(bodyEnd === raw.length ? raw : raw.slice(0, bodyEnd));
  if (body === '') return undefined;
  const shapedBody = env.text.shape(body, request, direction);
  if (shapedBody.runs.length !== 1) return undefined;
  const run = shapedBody.runs[0]!;
  const facts = plainFacts(run, env);
  const plain = unspaced(style);
  let runs: readonly MeasuredRun[];
  let spaceFacts: RunFacts | undefined;
  let text = body;
  if (bodyEnd === raw.length) runs = plain ? aloneRuns(run, level, facts) : [spacedRun(run, style, level, false, facts)];
  else {
    const trailing = raw.slice(bodyEnd);
    const shapedSpaces = env.text.shape(trailing, request, direction);
    if (shapedSpaces.runs.length !== 1) return undefined;
    const spaceRun = shapedSpaces.runs[0]!;
    spaceFacts = plainFacts(spaceRun, env);
    runs = [spacedRun(run, style, level, false, facts), spacedRun(spaceRun, style, level, true, spaceFacts)];
    text = body.length === bodyEnd ? raw : body + trailing;
  }
  runs = trimmedInText(runs, stretch, text);
  let width = widthOf(runs[0]!, facts);
  let trailingSpace = 0;
  let endKerning = 0;
  if (spaceFacts !== undefined) {
    const trailing = raw.slice(bodyEnd);
    const before = level % 2 === 0 ? kerningAfter(env, request, body, trailing.charCodeAt(0)) : 0;
    const after = level % 2 === 0 ? kerningAfter(env, request, trailing, nextCharacter(item, stretch.to, stretch.forcedBreakAfter)) : 0;
    width += before;
    trailingSpace = widthOf(runs[1]!, spaceFacts);
    width += trailingSpace;
    if (after !== 0) {
      width += after;
      trailingSpace += after;
    }
    if (before !== 0 || after !== 0) runs = kernedRuns(runs, before, after);
  } else if (level % 2 === 0) {
    endKerning = kerningAfter(env, request, body, nextCharacter(item, stretch.to, stretch.forcedBreakAfter));
    if (endKerning !== 0) {
      width += endKerning;
      runs = kernedRuns(runs, endKerning, 0);
    }
  }
  return new MeasuredText(stretch, text, runs, { width, trailingSpace, endSpacing: endKerning, spaces: facts.spaces }, levelAt(env.bidi, item.start + stretch.from));
}

/**
 * `measureText`'s piece and runs are made by constructors, not object literals: V8 may decide at
 * one scavenge that an object-literal site's objects live long and allocate all its later ones in
 * old space, for good (allocation-site pretenuring; paint/fill-rect.ts says more). Every word of
 * every cell is measured, and a piece lives only until its line is built: the report's pieces,
 * decided so in some processes, filled old space by ~3 MiB a render. A class has no allocation site.
 */
class MeasuredText implements TextPiece {
  // the fields in the order the piece's literal had them
  readonly kind = 'text';
  readonly style: ComputedStyle;
  readonly parent: InlineBox | undefined;
  readonly item: TextItem;
  readonly from: number;
  readonly to: number;
  readonly text: string;
  readonly runs: readonly MeasuredRun[];
  readonly width: number;
  readonly trailingSpace: number;
  readonly endSpacing: number;
  readonly spaces: number;
  readonly breakAfter: boolean;
  readonly forcedBreakAfter: boolean;
  readonly hyphenated: boolean;
  readonly level: number;

  constructor(stretch: TextStretch, text: string, runs: readonly MeasuredRun[], totals: PieceTotals, level: number) {
    const item = stretch.item;
    this.style = item.style;
    this.parent = item.parent;
    this.item = item;
    this.from = stretch.from;
    this.to = stretch.to;
    this.text = text;
    this.runs = runs;
    this.width = totals.width;
    this.trailingSpace = totals.trailingSpace;
    this.endSpacing = totals.endSpacing;
    this.spaces = totals.spaces;
    this.breakAfter = stretch.breakAfter;
    this.forcedBreakAfter = stretch.forcedBreakAfter;
    this.hyphenated = stretch.hyphen;
    this.level = level;
  }
}

interface PieceTotals {
  readonly width: number;
  readonly trailingSpace: number;
  readonly endSpacing: number;
  readonly spaces: number;
}

class SpacedRun implements MeasuredRun {
  constructor(
    readonly run: GlyphRun,
    readonly advances: readonly number[],
    readonly level: number,
    readonly trailing: boolean,
  ) {}
}

/** A measured run's width: its facts' sum of advances while it has the facts' advances (no spacing, nothing trimmed). */
function widthOf(measured: MeasuredRun, facts: RunFacts): number {
  return measured.advances === facts.advances ? facts.width : sum(measured.advances);
}

/** The runs of the stretch's `text` with `text-spacing-trim` applied, the item's characters around the stretch its neighbours. */
function trimmedInText(runs: readonly MeasuredRun[], stretch: TextStretch, text: string): readonly MeasuredRun[] {
  const { item } = stretch;
  if (!mayTrimSpacing(text, item.style.textSpacingTrim)) return runs;
  return trimRuns(runs, item.style, codePointBefore(item.text, stretch.from), stretch.forcedBreakAfter ? undefined : item.text.codePointAt(stretch.to));
}

/**
 * `text-spacing-trim`'s adjacent pairs in the runs (left-to-right ones: CJK punctuation), each run
 * seeing its neighbours' characters: a new list, or `runs` itself when nothing is trimmed (it may be
 * a list pieces share, `aloneRuns`: never changed).
 */
function trimRuns(runs: readonly MeasuredRun[], style: ComputedStyle, before: number | undefined, after: number | undefined): readonly MeasuredRun[] {
  let trimmedRuns: MeasuredRun[] | undefined;
  for (let r = 0; r < runs.length; r++) {
    const measured = runs[r]!;
    if (measured.level % 2 === 1) continue;
    const previous = r === 0 ? before : lastCodePoint(runs[r - 1]!.run);
    const next = r === runs.length - 1 ? after : runs[r + 1]!.run.glyphs.find((glyph) => glyph.codePoints.length > 0)?.codePoints[0];
    const trimmed = trimAdjacent(measured.run, measured.advances, style.textSpacingTrim, previous, next);
    if (trimmed.advances === measured.advances) continue;
    trimmedRuns ??= runs.slice();
    trimmedRuns[r] = { ...measured, run: trimmed.run, advances: trimmed.advances };
  }
  return trimmedRuns ?? runs;
}

function lastCodePoint(run: GlyphRun): number | undefined {
  for (let i = run.glyphs.length - 1; i >= 0; i--) {
    const points = run.glyphs[i]!.codePoints;
    if (points.length > 0) return points[points.length - 1];
  }
  return undefined;
}

/** The runs with `before` added to the advance of the word's last glyph and `after` to the last space's (kerning-across.ts). */
function kernedRuns(runs: readonly MeasuredRun[], before: number, after: number): MeasuredRun[] {
  const kerned = runs.slice();
  const last = kerned.length - 1;
  if (after !== 0 && kerned[last]?.trailing === true) kerned[last] = withLastAdvance(kerned[last]!, after);
  if (before !== 0) {
    let word = last;
    while (word >= 0 && kerned[word]!.trailing) word--;
    if (word >= 0) kerned[word] = withLastAdvance(kerned[word]!, before);
  }
  return kerned;
}

function withLastAdvance(measured: MeasuredRun, delta: number): MeasuredRun {
  if (measured.advances.length === 0) return measured;
  const advances = measured.advances.slice();
  advances[advances.length - 1]! += delta;
  return new SpacedRun(measured.run, advances, measured.level, measured.trailing);
}

/** A preserved tab: no glyph, a width decided by its position on the line. */
export function measureTab(stretch: { readonly item: TextItem; readonly from: number; readonly breakAfter: boolean }, env: MeasureEnv): TextPiece {
  const style = stretch.item.style;
  const space = env.text.shape(' ', fontRequestFromStyle(style)).width + style.letterSpacing + style.wordSpacing;
  const size = typeof style.tabSize === 'number' ? style.tabSize : style.tabSize.value * space;
  return {
    kind: 'text', style, parent: stretch.item.parent, item: stretch.item, from: stretch.from, to: stretch.from + 1,
    text: '\t', runs: [], width: 0, trailingSpace: 0, endSpacing: 0, spaces: 0, breakAfter: stretch.breakAfter,
    forcedBreakAfter: false, hyphenated: false, tab: { size: Math.max(0, size), minGap: Math.max(0, space / 2) },
    // UAX #9 L1: a tab takes the paragraph level.
    level: env.bidi.paragraphLevel,
  };
}

/** The tab piece advanced to the next tab stop after `position` (px from the content start edge). */
export function resolveTab(piece: TextPiece, position: number): TextPiece {
  const tab = piece.tab;
  if (tab === undefined || tab.size <= 0) return piece;
  let stop = Math.ceil((position + 1e-6) / tab.size) * tab.size;
  if (stop - position < tab.minGap) stop += tab.size;
  return { ...piece, width: stop - position };
}

/** Level runs of the stretch, the spaces at its end apart, soft hyphens dropped, the hyphen added. */
function partsOf(raw: string, stretch: TextStretch, env: MeasureEnv): readonly Part[] {
  const bidi = env.bidi;
  const base = stretch.item.start + stretch.from;
  let bodyEnd = raw.length;
  if (spacesCollapseOrHang(stretch.item.style.whiteSpace)) while (bodyEnd > 0 && raw[bodyEnd - 1] === ' ') bodyEnd--;
  const parts: Part[] = [];
  if (bidi.levels === undefined) pushPart(parts, raw.slice(0, bodyEnd), bidi.paragraphLevel, false);
  else {
    let start = 0;
    for (let i = 1; i <= bodyEnd; i++) {
      if (i < bodyEnd && levelAt(bidi, base + i) === levelAt(bidi, base + start)) continue;
      pushPart(parts, raw.slice(start, i), levelAt(bidi, base + start), false);
      start = i;
    }
  }
  if (stretch.hyphen) {
    const hyphen = hyphenFor(stretch.item.style, env, base + Math.max(0, bodyEnd - 1));
    const last = parts[parts.length - 1];
    // `hyphenate-character: ""`: the break shows nothing
    if (hyphen.text !== '' && last !== undefined) parts[parts.length - 1] = { ...last, text: last.text + hyphen.text };
    else if (hyphen.text !== '') parts.push({ text: hyphen.text, level: hyphen.level, trailing: false });
  }
  if (bodyEnd < raw.length) pushPart(parts, raw.slice(bodyEnd), levelAt(bidi, base + bodyEnd), true);
  return parts;
}

/**
 * Adds `stretch` without soft hyphens, unless empty. A module function, not a closure made per
 * call: partsOf runs for every piece of text measured (twice per table cell).
 */
function pushPart(parts: Part[], stretch: string, level: number, trailing: boolean): void {
  const text = withoutSoftHyphens(stretch);
  if (text !== '') parts.push({ text, level, trailing });
}

function withoutSoftHyphens(text: string): string {
  return text.includes('\u00ad') ? text.replace(/\u00ad/g, '') : text;
}

/** `hyphenate-character`, or the font's hyphen (U+2010 or U+002D), at the level of the character before it. */
function hyphenFor(style: ComputedStyle, env: MeasureEnv, index: number): { text: string; level: number } {
  const chosen = style.hyphenateCharacter;
  const text = chosen !== 'auto' ? chosen.text : env.text.hyphen?.(fontRequestFromStyle(style)) ?? '-';
  return { text, level: levelAt(env.bidi, index) };
}

const CURSIVE = /[\u0600-\u074f\u0750-\u07ff\u0860-\u08ff\u1800-\u18af\ufb50-\ufdff\ufe70-\ufefe]/u;

/** Cursive scripts (Arabic, Syriac, NKo, Mongolian) get no letter-spacing (CSS Text 3 §8.2) nor inter-character justification (§7.1). */
export function isCursive(text: string): boolean {
  return CURSIVE.test(text);
}

/** What measuring reads from a shaped run before any spacing: its advances, their sum and its space glyphs. */
export interface RunFacts {
  readonly advances: readonly number[];
  readonly width: number;
  readonly spaces: number;
  /**
   * The run alone as a piece's runs, unspaced, at level 0 and at level 1 (`aloneRuns`), made when
   * first asked for.
   */
  alone: [(readonly MeasuredRun[]) | undefined, (readonly MeasuredRun[]) | undefined] | undefined;
}

/**
 * The facts of a run, one record per run (`env.runFacts`, shared by the renders): the text system shares shaped
 * runs (a word is measured again by every box that holds it), and nothing changes an advances
 * array in place.
 */
export function plainFacts(run: GlyphRun, env: TextEnv): RunFacts {
  let facts = env.runFacts.get(run);
  if (facts === undefined) {
    const advances = Object.freeze(run.glyphs.map((g) => g.advance));
    facts = { advances, width: sum(advances), spaces: countSpaceGlyphs(run), alone: undefined };
    env.runFacts.set(run, facts);
  }
  return facts;
}

/**
 * The runs of a piece that is `run` alone, unspaced, not trailing, at `level`: one frozen list per
 * run and level 0 or 1, shared by every piece of that run. A paragraph's pieces live as long as the
 * render (measured.ts), and CJK text has a piece per character: a run record and a list per piece
 * were a third of what such a page kept.
 */
function aloneRuns(run: GlyphRun, level: number, facts: RunFacts): readonly MeasuredRun[] {
  if (level > 1) return [new SpacedRun(run, facts.advances, level, false)];
  const alone = (facts.alone ??= [undefined, undefined]);
  return (alone[level] ??= Object.freeze([new SpacedRun(run, facts.advances, level, false)]));
}

/** Whether `style` adds no letter- or word-spacing to a run (`spacedRun` leaves it as shaped). */
function unspaced(style: ComputedStyle): boolean {
  return style.letterSpacing === 0 && style.wordSpacing === 0;
}

/** Adds letter-spacing after every typographic character unit (letter-spacing.ts) and word-spacing to every space (CSS Text 3 §7-8). */
function spacedRun(run: GlyphRun, style: ComputedStyle, level: number, trailing: boolean, facts: RunFacts): MeasuredRun {
  const letter = style.letterSpacing === 0 || isCursive(run.text) ? 0 : style.letterSpacing;
  const word = style.wordSpacing;
  if (letter === 0 && word === 0) return new SpacedRun(run, facts.advances, level, trailing);
  const units = letter === 0 ? undefined : letterSpacingUnits(run, level % 2 === 1);
  const advances = run.glyphs.map((glyph, i) => {
    let advance = glyph.advance;
    if (units !== undefined) advance += letter * units[i]!;
    if (isSpace(glyph.codePoints)) advance += word;
    return advance;
  });
  return new SpacedRun(run, advances, level, trailing);
}

/**
 * CSS Text 3 §7.1 word-separator characters: the ones `word-spacing` and inter-word justification
 * widen (U+00A0 too: a no-break space forbids a break, not the spacing).
 */
const WORD_SEPARATORS: ReadonlySet<number> = new Set([0x20, 0xa0, 0x1361, 0x10100, 0x10101, 0x1039f, 0x1091f]);

/** Whether a glyph's characters are one word separator. */
export function isSpace(codePoints: readonly number[]): boolean {
  return codePoints.length === 1 && WORD_SEPARATORS.has(codePoints[0]!);
}

function countSpaceGlyphs(run: GlyphRun): number {
  let count = 0;
  for (const glyph of run.glyphs) if (isSpace(glyph.codePoints)) count++;
  return count;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
}
