/**
 * Inline formatting context (CSS Inline 3, CSS Text 3, CSS Writing Modes 3 §2.4): items ->
 * measured pieces -> lines of pieces -> line boxes. Pieces are measured once per box and width;
 * line breaking measures again only the words it splits; pagination only slices the resulting
 * lines (they travel in the break token).
 */
import type { BlockBox, InlineBox, InlineLevelBox } from '../../boxes/types.js';
import { resolveLength } from '../../css/values/length.js';
import type { TextSystem } from '../../text/types.js';
import { collectInlineItems } from './items.js';
import type { InlineItems } from './items.js';
import type { BidiLevels } from './bidi.js';
import type { AtomicLayout, Piece } from './pieces.js';
import { buildPieces } from './pieces.js';
import type { LinePieces } from './line-breaker.js';
import { breakLines } from './line-breaker.js';
import type { LaidOutLine } from './line-box.js';
import { buildLine } from './line-box.js';
import type { IntrinsicSizes } from './intrinsic.js';
import { inlineIntrinsicSizes } from './intrinsic.js';
import type { Splitter } from './split.js';
import { createSplitter } from './split.js';

export type { LaidOutLine } from './line-box.js';

export interface InlineEnv {
  readonly text: TextSystem;
  readonly layoutAtomic: (box: Extract<InlineLevelBox, { kind: 'block' | 'replaced' }>, containingWidth: number) => AtomicLayout;
}

interface MeasuredContext {
  readonly pieces: readonly Piece[];
  readonly bidi: BidiLevels;
  readonly splitter: Splitter;
  /** The lines per content width, once laid out (a paragraph pushed to the next page is not broken again). */
  readonly lines: Map<number, readonly LaidOutLine[]>;
}

/** Pieces per box and containing width (intrinsic sizing and layout ask for different widths). */
const pieceCache = new WeakMap<BlockBox, WeakMap<TextSystem, Map<number, MeasuredContext>>>();

function measured(box: BlockBox, containingWidth: number, env: InlineEnv): MeasuredContext {
  let perSystem = pieceCache.get(box);
  if (perSystem === undefined) {
    perSystem = new WeakMap();
    pieceCache.set(box, perSystem);
  }
  let perWidth = perSystem.get(env.text);
  if (perWidth === undefined) {
    perWidth = new Map();
    perSystem.set(env.text, perWidth);
  }
  const cached = perWidth.get(containingWidth) ?? perWidth.get(ANY_WIDTH);
  if (cached !== undefined) return cached;
  const items = collectInlineItems(box);
  const pieces = buildPieces(items, { text: env.text, containingWidth, layoutAtomic: env.layoutAtomic });
  const context: MeasuredContext = { pieces, bidi: items.bidi, splitter: createSplitter({ text: env.text, bidi: items.bidi }), lines: new Map() };
  perWidth.set(dependsOnContainingWidth(items) ? containingWidth : ANY_WIDTH, context);
  return context;
}

/** Key of pieces that measure the same whatever the containing width (most paragraphs). */
const ANY_WIDTH = -1;

/**
 * Atomic inlines size themselves against the containing width, and so do percentage margins and
 * padding of inline boxes; text alone does not, so intrinsic sizing and layout share its pieces.
 */
function dependsOnContainingWidth(content: InlineItems): boolean {
  return content.items.some((item) => {
    if (item.kind === 'atomic') return true;
    if (item.kind !== 'open') return false;
    const style = item.box.style;
    return [style.marginLeft, style.marginRight, style.paddingLeft, style.paddingRight]
      .some((value) => typeof value !== 'number' && value !== 'auto');
  });
}

/** Lays out the lines of a block container whose children are inline-level. */
export function layoutInlineContent(box: BlockBox, contentWidth: number, env: InlineEnv): readonly LaidOutLine[] {
  const context = measured(box, contentWidth, env);
  let lines = context.lines.get(contentWidth);
  if (lines === undefined) {
    lines = breakAndBuild(box, contentWidth, context, env);
    context.lines.set(contentWidth, lines);
  }
  return lines;
}

function breakAndBuild(box: BlockBox, contentWidth: number, context: MeasuredContext, env: InlineEnv): LaidOutLine[] {
  const indent = resolveLength(box.style.textIndent, contentWidth);
  const rtl = context.bidi.paragraphLevel % 2 === 1;
  const lines = breakLines(context.pieces, {
    available: (index) => contentWidth - (index === 0 ? indent : 0),
    offset: (index) => (index === 0 && !rtl ? indent : 0),
    splitter: context.splitter,
  });
  const openStacks = openInlineBoxes(lines);
  return lines.map((line, index) => buildLine({
    pieces: line.pieces,
    forcedBreak: line.forcedBreak,
    openAtStart: openStacks[index]!,
    rootStyle: box.style,
    paragraphLevel: context.bidi.paragraphLevel,
    availableWidth: contentWidth,
    indent: index === 0 ? indent : 0,
    isLastLine: index === lines.length - 1,
    containingWidth: contentWidth,
    text: env.text,
  }));
}

export function inlineContentIntrinsicSizes(box: BlockBox, env: InlineEnv): IntrinsicSizes {
  const context = measured(box, 0, env);
  return inlineIntrinsicSizes(context.pieces, context.splitter);
}

/** The inline boxes open at the start of each line (outermost first). */
function openInlineBoxes(lines: readonly LinePieces[]): (readonly InlineBox[])[] {
  const result: (readonly InlineBox[])[] = [];
  const stack: InlineBox[] = [];
  for (const line of lines) {
    result.push([...stack]);
    for (const piece of line.pieces) {
      if (piece.kind === 'open') stack.push(piece.box);
      else if (piece.kind === 'close') stack.pop();
    }
  }
  return result;
}
