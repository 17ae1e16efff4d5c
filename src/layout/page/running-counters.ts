/**
 * `counter(page)` and `counter(pages)` in a running element (CSS GCPM 3 §1.3): the generated
 * content of a running footer — `.folio::after { content: counter(page) " of " counter(pages) }`
 * — prints the number of the page whose margin box shows it, as WeasyPrint and Prince print it.
 * Such counters are text boxes of their own in the box tree (boxes/generated.ts, contentItemBox);
 * the box shown on a page is a copy with their text set from the page's counters.
 */
import type { BlockLevelBox } from '../../boxes/types.js';
import { contentText } from '../../boxes/generated.js';
import type { CounterValues } from '../../boxes/generated.js';
import type { CounterStyleSet } from '../../css/types.js';

/** The fields of a box that hold boxes (children, a marker, a table's parts...). */
const NESTED = ['children', 'firstLine', 'marker', 'legend', 'captions', 'columnGroups', 'rowGroups', 'rows', 'cells', 'content'] as const;

type Node = { readonly kind: string } & Record<string, unknown>;

/** The running element's box with its page counters printed from `counters`; the box itself when it has none. */
export function withPageCounters(box: BlockLevelBox, counters: CounterValues, styles: CounterStyleSet | undefined): BlockLevelBox {
  return rewrite(box as unknown as Node, counters, styles) as unknown as BlockLevelBox;
}

function rewrite(node: Node, counters: CounterValues, styles: CounterStyleSet | undefined): Node {
  if (node.kind === 'text') {
    const item = node['pageCounter'];
    if (item === undefined) return node;
    const text = contentText([item as never], { element: undefined, style: node['style'] as never }, { counters, quotes: { depth: 0 }, counterStyles: styles });
    return { ...node, text };
  }
  let changed: Record<string, unknown> | undefined;
  for (const key of NESTED) {
    const value = node[key];
    const next = Array.isArray(value) ? rewriteAll(value as Node[], counters, styles) : isNode(value) ? rewrite(value, counters, styles) : value;
    if (next !== value) (changed ??= { ...node })[key] = next;
  }
  return (changed as Node | undefined) ?? node;
}

function rewriteAll(nodes: readonly Node[], counters: CounterValues, styles: CounterStyleSet | undefined): readonly Node[] {
  const next = nodes.map((node) => (isNode(node) ? rewrite(node, counters, styles) : node));
  return next.some((node, i) => node !== nodes[i]) ? next : nodes;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}
