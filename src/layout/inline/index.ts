/**
 * Inline formatting context (CSS Inline 3, CSS Text 3): items -> measured pieces -> line
 * ranges -> line boxes. Pieces are measured once per box and width; pagination only slices
 * the resulting lines.
 */
import type { BlockBox, InlineBox, InlineLevelBox } from '../../boxes/types.js';
import { resolveLength } from '../../css/values/length.js';
import type { TextSystem } from '../../text/types.js';
import { collectInlineItems } from './items.js';
import type { AtomicLayout, Piece } from './pieces.js';
import { buildPieces } from './pieces.js';
import { breakLines } from './line-breaker.js';
import type { LaidOutLine } from './line-box.js';
import { buildLine } from './line-box.js';
import type { IntrinsicSizes } from './intrinsic.js';
import { inlineIntrinsicSizes } from './intrinsic.js';

export type { LaidOutLine } from './line-box.js';

export interface InlineEnv {
  readonly text: TextSystem;
  readonly layoutAtomic: (box: Extract<InlineLevelBox, { kind: 'block' | 'replaced' }>, containingWidth: number) => AtomicLayout;
}

/** Pieces per box and containing width (intrinsic sizing and layout ask for different widths). */
const pieceCache = new WeakMap<BlockBox, Map<number, readonly Piece[]>>();

function piecesOf(box: BlockBox, containingWidth: number, env: InlineEnv): readonly Piece[] {
  let perWidth = pieceCache.get(box);
  if (perWidth === undefined) {
    perWidth = new Map();
    pieceCache.set(box, perWidth);
  }
  const cached = perWidth.get(containingWidth);
  if (cached !== undefined) return cached;
  const items = collectInlineItems(box.children as readonly InlineLevelBox[]);
  const pieces = buildPieces(items, { text: env.text, containingWidth, layoutAtomic: env.layoutAtomic });
  perWidth.set(containingWidth, pieces);
  return pieces;
}

/** Lays out the lines of a block container whose children are inline-level. */
export function layoutInlineContent(box: BlockBox, contentWidth: number, env: InlineEnv): LaidOutLine[] {
  const pieces = piecesOf(box, contentWidth, env);
  const indent = resolveLength(box.style.textIndent, contentWidth);
  const ranges = breakLines(pieces, (index) => contentWidth - (index === 0 ? indent : 0));
  const openStacks = openInlineBoxes(pieces, ranges.map((range) => range.start));
  return ranges.map((range, index) => buildLine({
    pieces,
    range,
    openAtStart: openStacks[index]!,
    rootStyle: box.style,
    availableWidth: contentWidth,
    indent: index === 0 ? indent : 0,
    isLastLine: index === ranges.length - 1,
    containingWidth: contentWidth,
    text: env.text,
  }));
}

export function inlineContentIntrinsicSizes(box: BlockBox, env: InlineEnv): IntrinsicSizes {
  return inlineIntrinsicSizes(piecesOf(box, 0, env));
}

/** The inline boxes open before each of the given piece indexes (outermost first). */
function openInlineBoxes(pieces: readonly Piece[], starts: readonly number[]): (readonly InlineBox[])[] {
  const result: (readonly InlineBox[])[] = [];
  const stack: InlineBox[] = [];
  let next = 0;
  for (let i = 0; i <= pieces.length && next < starts.length; i++) {
    while (next < starts.length && starts[next] === i) {
      result.push([...stack]);
      next++;
    }
    const piece = pieces[i];
    if (piece === undefined) break;
    if (piece.kind === 'open') stack.push(piece.box);
    else if (piece.kind === 'close') stack.pop();
  }
  return result;
}
