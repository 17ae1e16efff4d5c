/**
 * Which boxes start a vertical flow inside a horizontal one (CSS Writing Modes 3 §7.3, orthogonal
 * flow roots): block containers — a block, inline-block, float or positioned box, and a table
 * cell's content — get `verticalRoot` for layout/orthogonal.ts. What octavo does not lay out
 * vertically is said where it is.
 */
import type { ComputedStyle } from '../css/types.js';
import { isSubgridTemplate } from '../css/types.js';
import type { SourceLocation } from '../errors.js';
import type { BlockLevelBox, Box, VerticalMode } from './types.js';

export type WritingModeChange =
  | { readonly kind: 'none' }
  | { readonly kind: 'vertical'; readonly mode: VerticalMode }
  | { readonly kind: 'unsupported'; readonly message: string };

const NONE: WritingModeChange = { kind: 'none' };

/** How `style`'s writing mode relates to its parent's (undefined for the root element). */
export function writingModeChange(style: ComputedStyle, parent: ComputedStyle | undefined): WritingModeChange {
  const own = style.writingMode;
  const above = parent?.writingMode ?? 'horizontal-tb';
  if (own === above) {
    // the root's own vertical mode makes a vertical document (layout/vertical-document.ts)
    return NONE;
  }
  if (above !== 'horizontal-tb') return { kind: 'unsupported', message: `\`writing-mode: ${own}\` inside a vertical box is not honoured (only a vertical box inside horizontal text is)` };
  return { kind: 'vertical', mode: own as VerticalMode };
}

/**
 * The box with its vertical mode. A flex or grid container or a table is wrapped in an anonymous
 * block that is the orthogonal flow root: inside it, turned, the container lays out its main or
 * inline axis down the page (the logical axes mapped as layout/orthogonal.ts maps a block's);
 * the wrapper takes its place in the parent (its outer display, none of its margins or sizes) and
 * its position: a fixed side band (`position: fixed; left: -22mm; writing-mode: vertical-rl;
 * display: flex`) is placed by its insets, which the container inside no longer applies.
 */
export function markVertical(box: Box, mode: VerticalMode, source: SourceLocation, anonymousStyle: (parent: ComputedStyle) => ComputedStyle): Box {
  if (box.kind === 'block') return { ...box, verticalRoot: mode, verticalSource: source };
  if (box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table-wrapper') {
    const { position, top, right, bottom, left, zIndex } = box.style;
    const inner = { ...box.style, position: 'static' as const, top: 'auto' as const, right: 'auto' as const, bottom: 'auto' as const, left: 'auto' as const, zIndex: 'auto' as const };
    return {
      kind: 'block', outer: box.outer, style: { ...anonymousStyle(box.style), position, top, right, bottom, left, zIndex }, element: undefined, pseudo: undefined,
      children: [{ ...box, outer: 'block', style: inner }], inlineContent: false, verticalRoot: mode, verticalSource: source,
    };
  }
  return box;
}

/** The boxes, said (`unhonoured`) when a subgrid among them starts a vertical flow: wrapped as the flow root, it is a grid of its own. */
export function orthogonalSubgrid(boxes: Box[], mode: VerticalMode, unhonoured: (message: string) => void): Box[] {
  if (!boxes.some((box) => box.kind === 'grid' && (isSubgridTemplate(box.style.gridTemplateRows) || isSubgridTemplate(box.style.gridTemplateColumns)))) return boxes;
  unhonoured(`a subgrid whose \`writing-mode\` (${mode}) is not its parent's is laid out as a grid of its own (\`subgrid\` taken as \`none\`)`);
  return boxes;
}

/** Each box as `turn` makes it; an out-of-flow one (an absolutely positioned `::after`) by its box, the one it places. */
export function turnedBoxes(boxes: readonly Box[], turn: (box: Box) => Box): Box[] {
  // markVertical keeps a block-level box block-level
  return boxes.map((box) => (box.kind === 'out-of-flow' ? { ...box, box: turn(box.box) as BlockLevelBox } : turn(box)));
}
