/**
 * A fieldset's rendered legend (HTML §15.3.13): its first `legend` child that is neither floated
 * nor absolutely positioned. It is taken out of the fieldset's children (a browser lays it out
 * over the block-start border, not in the flow: layout/block/fieldset.ts) and blockified; a
 * floated or positioned legend stays an ordinary box (Bootstrap floats its legends).
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import type { BlockLevelBox, Box } from './types.js';

export interface RenderedLegend {
  readonly legend: BlockLevelBox;
  readonly rest: readonly Box[];
}

/** The rendered legend among a fieldset's child boxes and the children left; undefined when there is none. */
export function renderedLegend(children: readonly Box[]): RenderedLegend | undefined {
  const at = children.findIndex((child) => child.element?.name === 'legend' && child.pseudo === undefined && child.kind !== 'out-of-flow');
  if (at < 0) return undefined;
  const legend = blockLevel(children[at]!);
  if (legend === undefined) return undefined;
  return { legend, rest: [...children.slice(0, at), ...children.slice(at + 1)] };
}

/**
 * The legend as a block-level box (blockified, CSS Display 3 §2.7): an inline-block (table, flex,
 * grid) one turns block-level, an inline one a block container of its inline content.
 */
function blockLevel(box: Box): BlockLevelBox | undefined {
  switch (box.kind) {
    case 'block': case 'flex': case 'grid': case 'table-wrapper': case 'math':
      return box.outer === 'block' ? box : { ...box, outer: 'block', style: { ...box.style, display: blockDisplay(box.style.display) } } as BlockLevelBox;
    case 'inline':
      // a block inside it was split out of the inline box already (anonymous.ts): such a legend is left in the flow
      if (box.children.some((child) => child.kind !== 'out-of-flow' && 'outer' in child && child.outer === 'block')) return undefined;
      return { kind: 'block', outer: 'block', style: { ...box.style, display: 'block' }, element: box.element, pseudo: undefined, children: box.children, inlineContent: true };
    default:
      return undefined;
  }
}

function blockDisplay(display: string): Box['style']['display'] {
  switch (display) {
    case 'inline-table': return 'table';
    case 'inline-flex': return 'flex';
    case 'inline-grid': return 'grid';
    default: return 'block';
  }
}

/**
 * What to warn of a flex or grid fieldset with a legend: it lays the legend out as one of its
 * items, where Chromium keeps it on the border (not done silently); undefined without a legend.
 */
export function legendAsItem(fieldset: DomElement, display: string): string | undefined {
  if (!fieldset.children.some((node) => isElement(node) && node.name === 'legend')) return undefined;
  return `the legend of a \`display: ${display}\` fieldset is laid out as one of its items, not on its border (as Chromium does)`;
}
