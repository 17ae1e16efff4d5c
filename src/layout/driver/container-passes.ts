/**
 * Container queries need sizes only layout finds (CSS Conditional 5 §6): a query container's size
 * decides which of its descendants' `@container` rules apply and what their `cq*` units are.
 * Containment makes a container's size independent of its content (size or inline-size
 * containment, css/compute.ts), so the document is laid out, its containers measured, styled and
 * laid out again with those sizes, until they no longer change; a container inside another
 * settles a pass after it. Browsers interleave style and layout to the same effect.
 */
import type { BoxElement, BoxTree } from '../../boxes/types.js';
import type { DomElement } from '../../dom/types.js';
import type { ContainerSize } from '../../css/container-query.js';
import type { Diagnostics } from '../../diagnostics.js';
import type { Fragment, PageLayout } from '../types.js';

/** Most measuring passes before the document's own layout. */
export const MAX_CONTAINER_PASSES = 4;

export interface ContainerPasses {
  /** Every page of a tree, complete (a measuring pass: its warnings are not the document's). */
  readonly layout: (tree: BoxTree) => readonly PageLayout[];
  /** The document styled again with the containers' sizes, and its box tree. */
  readonly restyle: (sizes: ReadonlyMap<DomElement, ContainerSize>) => BoxTree;
}

/** The tree whose styles are those of its containers' sizes (the last one tried when they do not settle). */
export function settleContainers(first: BoxTree, passes: ContainerPasses, diagnostics: Diagnostics): BoxTree {
  let tree = first;
  let used: ReadonlyMap<DomElement, ContainerSize> = new Map();
  for (let pass = 0; pass < MAX_CONTAINER_PASSES; pass++) {
    // the styles read no container's size: nothing a pass finds changes them
    if (tree.containers === undefined) return tree;
    const sizes = measureContainers(passes.layout(tree), tree.containers);
    if (sameSizes(sizes, used)) return tree;
    used = sizes;
    tree = passes.restyle(sizes);
  }
  diagnostics.warn('layout', `the sizes of the query containers still changed after ${MAX_CONTAINER_PASSES} layout passes: their \`@container\` rules and \`cq*\` units follow the last one`);
  return tree;
}

/**
 * The content-box size of each container's principal box (its first box fragment): its width
 * on its first page, and its height summed over its pages (0 on the axis an inline-size container
 * cannot be queried on).
 */
export function measureContainers(pages: readonly PageLayout[], containers: ReadonlyMap<BoxElement, DomElement>): Map<DomElement, ContainerSize> {
  const sizes = new Map<DomElement, ContainerSize>();
  const firstBox = new Map<DomElement, object>();
  const visit = (fragments: readonly Fragment[]): void => {
    for (const fragment of fragments) {
      if (fragment.kind === 'box') {
        const element = fragment.box.pseudo === undefined && fragment.box.element !== undefined ? containers.get(fragment.box.element) : undefined;
        if (element !== undefined) measure(element, fragment, sizes, firstBox);
        visit(fragment.children);
      } else if (fragment.kind === 'line') {
        visit(fragment.children);
      }
    }
  };
  for (const page of pages) visit(page.children);
  return sizes;
}

function measure(element: DomElement, fragment: Extract<Fragment, { kind: 'box' }>, sizes: Map<DomElement, ContainerSize>, firstBox: Map<DomElement, object>): void {
  const { border, padding } = fragment;
  // an inline-size container is queried on its inline axis only: its block size, which its content sets, is left out
  const style = fragment.style;
  const inlineOnly = style.containerType === 'inline-size';
  const across = style.writingMode === 'horizontal-tb';
  const width = inlineOnly && !across ? 0 : Math.max(0, fragment.width - border.left - border.right - padding.left - padding.right);
  const height = inlineOnly && across ? 0 : Math.max(0, fragment.height - border.top - border.bottom - padding.top - padding.bottom);
  const box = firstBox.get(element);
  if (box === undefined) {
    firstBox.set(element, fragment.box);
    sizes.set(element, { width, height });
  } else if (box === fragment.box) {
    // the same box continued on a later page
    const size = sizes.get(element)!;
    sizes.set(element, { width: size.width, height: size.height + height });
  }
}

/** Whether two measurements agree, to a hundredth of a pixel. */
function sameSizes(a: ReadonlyMap<DomElement, ContainerSize>, b: ReadonlyMap<DomElement, ContainerSize>): boolean {
  if (a.size !== b.size) return false;
  for (const [element, size] of a) {
    const other = b.get(element);
    if (other === undefined || Math.abs(other.width - size.width) > 0.01 || Math.abs(other.height - size.height) > 0.01) return false;
  }
  return true;
}
