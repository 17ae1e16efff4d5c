/**
 * An inline formatting context cut into measured pieces (pieces.ts), kept in the render's
 * caches per containing width: intrinsic sizing and layout usually ask for different widths,
 * and text alone measures the same at any width, so most paragraphs are measured once.
 */
import type { BoxElement, InlineBox, InlineFlowBox, OutOfFlowBox, ReplacedBox } from '../../boxes/types.js';
import type { TextEnv } from './measure.js';
import type { MetricsEnv } from './vertical-align.js';
import type { AtomicInlineBox, InlineItems } from './items.js';
import { collectInlineItems } from './items.js';
import type { BidiLevels } from './bidi.js';
import type { AtomicLayout, Piece } from './pieces.js';
import { buildPieces } from './pieces.js';
import type { Splitter } from './split.js';
import { createSplitter } from './split.js';
import type { IntrinsicSizes } from './intrinsic.js';
import type { ContentLines } from './index.js';
import type { DocumentMode } from '../../dom/document-mode.js';

/** What inline layout needs from the rest of layout, and the render's memo tables it keys (block/inline-env.ts makes it through the layout context). */
export interface InlineEnv extends TextEnv, MetricsEnv {
  /** The document's mode: its quirks (../quirks.ts) change how lines are sized and cells measured. */
  readonly documentMode: DocumentMode;
  readonly layoutAtomic: (box: AtomicInlineBox, containingWidth: number, containingHeight: number | undefined) => AtomicLayout;
  /**
   * The block container's content height when its own style makes it definite (`height: 60px`):
   * what its atomic inlines' percentage heights are of when the caller knows no other (intrinsic
   * sizing; a table cell laid out with an auto height keeps the one it sets).
   */
  readonly definiteHeightOf: (box: InlineFlowBox, containingWidth: number) => number | undefined;
  /** Outer min-/max-content widths of a float standing in the content (0 for absolute boxes). */
  readonly anchorSizes: (box: OutOfFlowBox) => IntrinsicSizes;
  readonly cache: WeakMap<InlineFlowBox, MeasuredByWidth>;
  readonly langs: WeakMap<BoxElement, string>;
  /** The inline-block an image that did not load is shown as in the line (./alt-text.ts), or undefined. */
  readonly altTextInline: (box: ReplacedBox) => InlineFlowBox | undefined;
}

export interface MeasuredInline {
  readonly pieces: readonly Piece[];
  /**
   * What stands in the content besides the lines (block/lines.ts asks at every layout of it): a
   * float's anchor (`floats`), or any out-of-flow box's anchor or an atomic inline holding
   * positioned boxes placed by a box outside it (`anything`).
   */
  readonly standing: { readonly floats: boolean; readonly anything: boolean };
  readonly bidi: BidiLevels;
  /** The block container's content language (InlineItems.lang). */
  readonly lang: string;
  readonly splitter: Splitter;
  /** The height the atomic inlines' percentage heights were resolved against (undefined: indefinite). */
  readonly containingHeight: number | undefined;
  /** The lines at `linesWidth`, laid out without floats as far as asked (most boxes are laid out at one width). */
  lines: ContentLines | undefined;
  linesWidth: number;
  /** The lines at other widths, the map made when first needed. */
  otherLines: Map<number, ContentLines> | undefined;
}

/**
 * The measured pieces of a box: at one width (or at any, `ANY_WIDTH`), and at others in a map made
 * when a second width is asked for. A record rather than a map per box: a long table's cells are
 * each measured once, at one width, and a map per cell was most of what caching them allocated.
 */
export interface MeasuredByWidth {
  readonly width: number;
  /** Replaced when asked at this width for another containing height (a flex item measured, then stretched). */
  measured: MeasuredInline;
  others: Map<number, MeasuredInline> | undefined;
}

/** Key of pieces that measure the same whatever the containing width (most paragraphs). */
const ANY_WIDTH = -1;

/**
 * `containingHeight`: the block's definite content height, when its layout knows it (a
 * percentage chain, a stretched flex item); else the one its own style sets (`definiteHeightOf`).
 */
export function measuredInline(box: InlineFlowBox, containingWidth: number, env: InlineEnv, containingHeight?: number | undefined): MeasuredInline {
  const kept = env.cache.get(box);
  // no atomic inline inside: nothing depends on the containing block's size
  if (kept !== undefined && kept.width === ANY_WIDTH) return kept.measured;
  const height = containingHeight ?? env.definiteHeightOf(box, containingWidth);
  const cached = kept === undefined ? undefined : atWidth(kept, containingWidth, height);
  if (cached !== undefined) return cached;
  const { measured, anyWidth } = measure(box, containingWidth, height, env);
  const width = anyWidth ? ANY_WIDTH : containingWidth;
  if (kept === undefined) env.cache.set(box, { width, measured, others: undefined });
  else if (kept.width === width) kept.measured = measured;
  else (kept.others ??= new Map()).set(width, measured);
  return measured;
}

/** What is kept for this width and containing height (the caller returned pieces that measure the same at any width). */
function atWidth(kept: MeasuredByWidth, containingWidth: number, containingHeight: number | undefined): MeasuredInline | undefined {
  const measured = kept.width === containingWidth ? kept.measured : kept.others?.get(containingWidth);
  return measured !== undefined && measured.containingHeight === containingHeight ? measured : undefined;
}

/**
 * The content's measured pieces without keeping them (unless they are kept already): for a
 * caller that asks once, long before the box is laid out (a table's columns), so that the pieces
 * die young instead of waiting in the caches for their page.
 */
export function transientMeasuredInline(box: InlineFlowBox, containingWidth: number, env: InlineEnv): MeasuredInline {
  return keptMeasuredInline(box, containingWidth, env) ?? measure(box, containingWidth, env.definiteHeightOf(box, containingWidth), env).measured;
}

/** The content's measured pieces when they are kept already, else undefined. */
export function keptMeasuredInline(box: InlineFlowBox, containingWidth: number, env: InlineEnv): MeasuredInline | undefined {
  const kept = env.cache.get(box);
  if (kept === undefined) return undefined;
  return kept.width === ANY_WIDTH ? kept.measured : atWidth(kept, containingWidth, env.definiteHeightOf(box, containingWidth));
}

function measure(box: InlineFlowBox, containingWidth: number, containingHeight: number | undefined, env: InlineEnv): { measured: MeasuredInline; anyWidth: boolean } {
  const items = collectInlineItems(box, env.langs, env.altTextInline);
  const pieces = buildPieces(items, { text: env.text, runFacts: env.runFacts, containingWidth, containingHeight, layoutAtomic: env.layoutAtomic });
  const measured: MeasuredInline = {
    pieces, standing: standingIn(pieces), bidi: items.bidi, lang: items.lang, splitter: createSplitter({ text: env.text, runFacts: env.runFacts, bidi: items.bidi }), containingHeight,
    lines: undefined, linesWidth: 0, otherLines: undefined,
  };
  return { measured, anyWidth: !dependsOnContainingWidth(items) };
}

const NOTHING_STANDS = { floats: false, anything: false } as const;

/** `MeasuredInline.standing` of `pieces`. */
function standingIn(pieces: readonly Piece[]): MeasuredInline['standing'] {
  let floats = false;
  let anything = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'anchor') {
      anything = true;
      floats ||= piece.box.scheme === 'float';
    } else if (piece.kind === 'atomic' && piece.escaping !== undefined) anything = true;
  }
  return anything ? { floats, anything } : NOTHING_STANDS;
}

/**
 * Atomic inlines size themselves against the containing width, and so do percentage margins and
 * padding of inline boxes; text alone does not, so intrinsic sizing and layout share its pieces.
 */
function dependsOnContainingWidth(content: InlineItems): boolean {
  // loops, not closures and a list made for every context measured (every table cell)
  const items = content.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'atomic') return true;
    if (item.kind !== 'open') continue;
    const style = item.box.style;
    if (resolvesAgainstWidth(style.marginLeft) || resolvesAgainstWidth(style.marginRight) || resolvesAgainstWidth(style.paddingLeft) || resolvesAgainstWidth(style.paddingRight)) return true;
  }
  return false;
}

/** A margin or padding that is neither px nor `auto`: a percentage or a calc() of one, resolved against the containing width. */
function resolvesAgainstWidth(value: InlineBox['style']['marginLeft'] | InlineBox['style']['paddingLeft']): boolean {
  return typeof value !== 'number' && value !== 'auto';
}
