/**
 * Glyph runs (ISO 32000-1 §9.4 text objects): `BT /Fx size Tf 1 0 0 -1 x y Tm [<gids> adj ...] TJ ET`.
 * Glyphs are written by id; each TJ adjustment is (embedded advance - final advance) * 1000 / size,
 * so shaping, kerning, letter-spacing and justification land exactly where layout put them.
 */
import type { DisplayItem } from '../paint/display-list.js';
import { colorOperator, num } from './content.js';
import type { PageContext } from './context.js';
import { SYNTHETIC_OBLIQUE_SKEW } from '../text/types.js';
import { alphaOperator } from './graphics.js';
import { drawColorGlyphs, drawLayeredGlyphs, utf16Hex } from './color-glyphs.js';
import { markClusters, type MarkCluster } from './mark-clusters.js';
import { SPACED_WORDS_FROM, spacedWords } from './spaced-words.js';

const NO_CLUSTERS: readonly MarkCluster[] = Object.freeze([]);

export type GlyphsItem = Extract<DisplayItem, { kind: 'glyphs' }>;

/** Adjustments smaller than this (1/1000 em) are not written. */
const EPSILON = 0.01;

export function drawGlyphs(ctx: PageContext, item: GlyphsItem): void {
  if (item.face.color !== undefined) return drawColorGlyphs(ctx, item);
  if (item.face.colorLayers !== undefined && item.glyphs.some((glyph) => item.face.colorLayers!(glyph.id) !== undefined)) {
    return drawLayeredGlyphs(ctx, item, drawPlainGlyphs);
  }
  drawPlainGlyphs(ctx, item);
}

function drawPlainGlyphs(ctx: PageContext, item: GlyphsItem): void {
  if (item.invisible === true) return drawInvisibleGlyphs(ctx, item);
  const stroke = item.stroke !== undefined && item.stroke.color.a > 0 ? item.stroke : undefined;
  if ((item.color.a <= 0 && stroke === undefined) || item.glyphs.length === 0 || item.size <= 0) return;
  const face = ctx.resources.fonts.embed(item.face);
  face.useOn(ctx.page);
  const rgbOnly = ctx.resources.rgbOnly;
  const fill = item.color.a > 0;
  // one constant alpha for fill and stroke (ExtGState ca and CA)
  const alpha = fill ? item.color.a : stroke!.color.a;
  const bold = item.syntheticBold > 0 && stroke === undefined;
  // y grows downwards in the page's base matrix, so the text matrix flips glyphs upright
  const skew = item.syntheticOblique ? SYNTHETIC_OBLIQUE_SKEW : 0;
  let text = `BT\n/${face.name} ${num(item.size)} Tf\n1 0 ${num(skew)} -1 ${num(item.x)} ${num(item.y)} Tm`;
  if (bold || (stroke !== undefined && fill)) text += '\n2 Tr';
  else if (stroke !== undefined) text += '\n1 Tr';
  // Letter-spacing as character spacing (one operator, not an adjustment per glyph); its words are
  // spanned with their text for extraction (showOperators, spaced-words.ts)
  const charSpacing = commonSpacing(item);
  if (charSpacing !== 0) text += `\n${num(charSpacing)} Tc`;
  const show = showOperators(item, face.encode, ctx.resources.skipNotdef, charSpacing);
  if (show !== '') text += `\n${show}`;
  // Tc is text state, which outlives ET: put it back for the next run
  if (charSpacing !== 0) text += '\n0 Tc';
  text += '\nET';
  // ISO 32000-1 §14.9.4: the source text (`Hello`) for glyphs that draw another form of it (`HELLO`)
  if (item.actualText !== undefined) text = `/Span <</ActualText ${utf16Hex(item.actualText)}>> BDC\n${text}\nEMC`;
  const fillColor = fill ? colorOperator(item.color, false, rgbOnly) : undefined;
  if (!bold && stroke === undefined && alpha >= 1) {
    // an opaque fill only (the common case): the colour is state the next run in it reuses
    ctx.sink.pushFilled(fillColor!, text);
    return;
  }
  const state: string[] = [];
  if (alpha < 1) state.push(alphaOperator(ctx, alpha));
  if (fillColor !== undefined) state.push(fillColor);
  if (bold) state.push(colorOperator(item.color, true, rgbOnly), `${num(item.syntheticBold)} w`, '0 J', '1 j');
  if (stroke !== undefined) state.push(colorOperator(stroke.color, true, rgbOnly), `${num(stroke.width)} w`);
  ctx.sink.push(`q\n${state.join('\n')}\n${text}\nQ`);
}

/** Text that paints nothing (render mode 3): what extraction and search read where glyphs are drawn as outlines. */
function drawInvisibleGlyphs(ctx: PageContext, item: GlyphsItem): void {
  if (item.glyphs.length === 0 || item.size <= 0) return;
  const face = ctx.resources.fonts.embed(item.face);
  face.useOn(ctx.page);
  const show = showOperators(item, face.encode, ctx.resources.skipNotdef);
  ctx.sink.push(`BT\n/${face.name} ${num(item.size)} Tf\n1 0 0 -1 ${num(item.x)} ${num(item.y)} Tm\n3 Tr\n${show === '' ? '' : `${show}\n`}0 Tr\nET`);
}

/**
 * Intersects the clip with the runs' glyph outlines: one text object in render mode 7 (the clip
 * is the union of its glyphs, applied at ET), inside a saved state that pop-clip restores.
 */
export function pushClipGlyphs(ctx: PageContext, runs: readonly GlyphsItem[]): void {
  const text = ['q', 'BT', '7 Tr'];
  for (const item of runs) {
    // colour emoji have no outlines to clip with
    if (item.glyphs.length === 0 || item.size <= 0 || item.face.color !== undefined) continue;
    const face = ctx.resources.fonts.embed(item.face);
    face.useOn(ctx.page);
    const skew = item.syntheticOblique ? SYNTHETIC_OBLIQUE_SKEW : 0;
    text.push(`/${face.name} ${num(item.size)} Tf`, `1 0 ${num(skew)} -1 ${num(item.x)} ${num(item.y)} Tm`);
    const charSpacing = commonSpacing(item);
    text.push(`${num(charSpacing)} Tc`);
    const show = showOperators(item, face.encode, ctx.resources.skipNotdef, charSpacing);
    if (show !== '') text.push(show);
  }
  text.push('0 Tc', '0 Tr', 'ET');
  ctx.sink.push(text.join('\n'));
  ctx.scopes.push({ kind: 'clip' });
}

type Encode = (glyphId: number, codePoints: readonly number[]) => { hex: string; width: number };

/**
 * TJ arrays for the run, one operator a line. A glyph with an x offset gets it as an adjustment
 * before it (and back after it); a y offset (marks) becomes a text rise around that glyph. With
 * `skipNotdef` (PDF/A), glyph 0 is left out and only its advance is kept. Built by appending to
 * strings (no array per run or per part): this runs for every word of the document.
 */
export function showOperators(item: Pick<GlyphsItem, 'glyphs' | 'advances' | 'size' | 'actualText'>, encode: Encode, skipNotdef = false, charSpacing = 0): string {
  const { glyphs, advances } = item;
  const scale = 1000 / item.size;
  const spacing = charSpacing * scale; // what Tc already adds after every glyph, in TJ units
  const built = new ShowOperators();
  // the spans of ActualText the glyphs are written in: clusters whose glyphs are out of their characters'
  // order, else the words of widely letter-spaced text (spaced-words.ts); none in a run with its own
  // ActualText, which says it all (spans do not nest)
  const clusters = item.actualText === undefined ? spansOf(glyphs, spacing) : NO_CLUSTERS;
  let cluster = 0;
  let pending = 0; // adjustment (1/1000 em, TJ sign) to write before the next glyph
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    if (cluster < clusters.length && clusters[cluster]!.start === i) built.mark(`/Span <</ActualText ${utf16Hex(clusters[cluster]!.text)}>> BDC`);
    const finalAdvance = advances[i] ?? glyph.advance;
    if (skipNotdef && glyph.id === 0) {
      pending -= finalAdvance * scale;
      continue;
    }
    // (Tc applies to shown glyphs only; a skipped glyph keeps its plain advance above.)
    const encoded = encode(glyph.id, glyph.codePoints);
    const before = pending - glyph.xOffset * scale;
    if (Math.abs(before) > EPSILON) {
      built.flushHex();
      built.array = built.array === '' ? num(before) : `${built.array} ${num(before)}`;
    }
    if (glyph.yOffset !== 0) {
      built.flushArray();
      built.out = built.out === '' ? `${num(glyph.yOffset)} Ts` : `${built.out}\n${num(glyph.yOffset)} Ts`;
      built.hex = encoded.hex;
      built.flushArray();
      built.out += '\n0 Ts';
    } else {
      built.hex += encoded.hex;
    }
    pending = encoded.width + spacing + glyph.xOffset * scale - finalAdvance * scale;
    if (cluster < clusters.length && clusters[cluster]!.end === i + 1) {
      built.mark('EMC');
      cluster++;
    }
  }
  built.flushArray();
  return built.out;
}

function spansOf(glyphs: GlyphsItem['glyphs'], spacing: number): readonly MarkCluster[] {
  const clusters = markClusters(glyphs);
  return clusters.length === 0 && spacing >= SPACED_WORDS_FROM ? spacedWords(glyphs) : clusters;
}

/**
 * The strings showOperators builds. A class, not closures over its locals: a closure made per
 * call (per word of the document) is an allocation each, and its optimised code dies with it.
 */
class ShowOperators {
  /** Finished operators, separated by newlines. */
  out = '';
  /** The open TJ array's elements, separated by spaces. */
  array = '';
  /** Glyph ids not yet in the array. */
  hex = '';

  flushHex(): void {
    if (this.hex !== '') this.array = this.array === '' ? `<${this.hex}>` : `${this.array} <${this.hex}>`;
    this.hex = '';
  }

  flushArray(): void {
    this.flushHex();
    if (this.array !== '') this.out = this.out === '' ? `[${this.array}] TJ` : `${this.out}\n[${this.array}] TJ`;
    this.array = '';
  }

  /** A marked-content operator between the glyphs shown so far and the next (ActualText spans). */
  mark(operator: string): void {
    this.flushArray();
    this.out = this.out === '' ? operator : `${this.out}\n${operator}`;
  }
}

/**
 * The extra advance most glyphs of the run share (letter-spacing), px, or 0. Kerning and
 * justification stay per-glyph TJ adjustments around it.
 */
export function commonSpacing(item: Pick<GlyphsItem, 'glyphs' | 'advances'>): number {
  const { glyphs, advances } = item;
  // most runs have no letter-spacing: when most extras are 0, 0 is the majority (no map needed)
  // (stops as soon as more than half are 0: most runs, whose glyphs all are)
  let zeros = 0;
  for (let i = 0; i < glyphs.length && zeros * 2 <= glyphs.length; i++) {
    const glyph = glyphs[i]!;
    const final = advances[i] ?? glyph.advance;
    // an advance layout left as shaped has no extra, without rounding (most glyphs of most runs)
    if (final === glyph.advance || extraOf(final, glyph.advance) === 0) zeros++;
  }
  if (zeros * 2 > glyphs.length) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    const extra = extraOf(advances[i] ?? glyph.advance, glyph.advance);
    counts.set(extra, (counts.get(extra) ?? 0) + 1);
  }
  let best = 0;
  let bestCount = 0;
  for (const [extra, count] of counts) {
    if (count > bestCount) [best, bestCount] = [extra, count];
  }
  return bestCount * 2 > glyphs.length ? best : 0;
}

/** A glyph's extra advance, px, to 1/1000 (so that float noise does not split equal spacings). */
function extraOf(final: number, own: number): number {
  return Math.round((final - own) * 1000) / 1000;
}
