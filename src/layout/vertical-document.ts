/**
 * A vertical document (CSS Writing Modes 3 §3.1, §8): the root element's writing mode — the body's,
 * when the root has a body child (§8, the principal writing mode) — is vertical. Its pages fill as
 * Chromium prints them: lines run down the page area, successive lines right to left
 * (`vertical-rl`, `sideways-rl`) or left to right (`vertical-lr`, `sideways-lr`), and the content
 * continues on the next page where the page area's width is used up (CSS Fragmentation 3: the
 * block direction runs across the page). Pagination lays the document out turned, as
 * layout/orthogonal.ts turns an orthogonal flow — a page area as wide as the page's is high and
 * as high as it is wide, fragmented like any horizontal flow — and each page's fragments are
 * turned back onto the page.
 */
import type { BlockBox, BoxTree, VerticalMode } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment, Fragment } from './types.js';
import { turnedCopy, withLinesReversed } from './orthogonal.js';
import { withBoxFields } from './fragment-records.js';

export interface VerticalDocument {
  readonly mode: VerticalMode;
  /** The root box turned: laid out by the horizontal formatting contexts. */
  readonly root: BlockBox;
}

const TURNED = new WeakMap<BlockBox, VerticalDocument | null>();

/** The document turned for pagination, or undefined when its principal writing mode is horizontal. */
export function verticalDocument(tree: BoxTree): VerticalDocument | undefined {
  const root = tree.root;
  let turned = TURNED.get(root);
  if (turned === undefined) {
    turned = turnDocument(root) ?? null;
    TURNED.set(root, turned);
  }
  return turned ?? undefined;
}

function turnDocument(root: BlockBox): VerticalDocument | undefined {
  const own = root.style.writingMode;
  const body = root.inlineContent ? undefined : root.children.find((child): child is BlockBox => child.kind === 'block' && child.element?.name === 'body');
  // §8: the body's writing mode is the document's; a vertical body in a horizontal root is not an orthogonal flow then
  const mode = body?.verticalRoot ?? (own === 'horizontal-tb' ? undefined : own);
  if (mode === undefined) return undefined;
  const clockwise = mode !== 'sideways-lr';
  const unmarked: BlockBox = body?.verticalRoot === undefined || root.inlineContent
    ? root
    : { ...root, children: root.children.map((child) => (child === body ? { ...body, verticalRoot: undefined } : child)) };
  const turned = turnedCopy(unmarked, clockwise);
  return { mode, root: { ...turned, style: { ...turned.style, writingMode: 'horizontal-tb' } as ComputedStyle } };
}

/** The page area as the turned layout sees it: its width is the page area's height and the other way round. */
export function turnedArea<A extends { readonly x: number; readonly y: number; readonly width: number; readonly height: number }>(area: A): A {
  return { ...area, width: area.height, height: area.width };
}

/**
 * A page's fragments, laid out in the turned area (same top-left corner), turned onto the page:
 * each top-level fragment rotated a quarter turn about the point that maps the turned area onto
 * the page area — its top edge to the page area's right edge (clockwise) or its left edge
 * (`sideways-lr`); `vertical-lr` mirrors the lines within each fragment first, so that its first
 * line is at the page area's left edge. Boxes placed against the page area (`placed: 'page'`:
 * fixed and absolutely positioned boxes, whose insets were turned with them) turn with the whole
 * area in every mode, so that `left: 1px` stays 1px from its left edge.
 */
export function turnedOntoPage(fragments: readonly Fragment[], mode: VerticalMode, area: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }, placed: 'flow' | 'page' = 'flow'): Fragment[] {
  return fragments.map((fragment) => {
    if (fragment.kind !== 'box') return fragment;
    const lines = mode === 'vertical-lr' ? withLinesReversed(fragment) : fragment;
    // the turned frame's extent across the page: the whole page area's width, or for vertical-lr's flow the fragment's own
    const across = mode === 'vertical-lr' && placed === 'flow' ? fragment.y - area.y + fragment.height : area.width;
    const centre = mode === 'sideways-lr'
      ? { x: area.x + area.height / 2, y: area.y + area.height / 2 }
      : { x: area.x + across / 2, y: area.y + across / 2 };
    return rotated(lines, mode === 'sideways-lr' ? -90 : 90, centre);
  });
}

function rotated(fragment: BoxFragment, angle: number, centre: { readonly x: number; readonly y: number }): BoxFragment {
  const style: ComputedStyle = {
    ...fragment.style,
    transform: [{ kind: 'rotate', x: 0, y: 0, z: 1, angle }, ...fragment.style.transform],
    transformOrigin: { x: centre.x - fragment.x, y: centre.y - fragment.y, z: 0 },
  };
  return withBoxFields(fragment, { style });
}
