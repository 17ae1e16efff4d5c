/**
 * `counter(page)`, `counter(pages)` and `string()` in a running element (CSS GCPM 3 §1.3): the
 * generated content of a running footer — `.folio::after { content: counter(page) " of "
 * counter(pages) }` — prints the values of the page whose margin box shows it, as WeasyPrint does.
 * Such counters are text boxes of their own in the box tree (boxes/generated.ts, contentItemBox);
 * the box shown on a page is a copy with their text set from the page's counters.
 */
import type { BlockLevelBox } from '../../boxes/types.js';
import { contentText } from '../../boxes/generated.js';
import type { ContentRefs, CounterValues } from '../../boxes/generated.js';
import type { CounterStyleSet } from '../../css/types.js';

/** The fields of a box that hold boxes (children, a marker, a table's parts...). */
// (every field of boxes/types.ts that holds a box or a list of boxes whose text can show counters;
// a table's columns and a fraction's rule hold none)
const NESTED = ['children', 'firstLine', 'marker', 'legend', 'imageFallback', 'table', 'captions', 'columnGroups', 'rowGroups', 'rows', 'cells', 'content', 'box', 'radicalSign'] as const;

type Node = { readonly kind: string } & Record<string, unknown>;

/** What the page gives: its counters, its named strings and the document's counter styles. */
export interface PageValues {
  readonly counters: CounterValues;
  readonly refs: ContentRefs;
  readonly styles: CounterStyleSet | undefined;
}

/** The running element's box with its page counters and strings printed from the page's; the box itself when it has none. */
export function withPageCounters(box: BlockLevelBox, page: PageValues): BlockLevelBox {
  return rewrite(box as unknown as Node, page) as unknown as BlockLevelBox;
}

function rewrite(node: Node, page: PageValues): Node {
  if (node.kind === 'text') {
    const item = node['pageCounter'];
    if (item === undefined) return node;
    const text = contentText([item as never], { element: undefined, style: node['style'] as never }, { counters: page.counters, quotes: { depth: 0 }, refs: page.refs, counterStyles: page.styles });
    return { ...node, text };
  }
  let changed: Record<string, unknown> | undefined;
  for (const key of NESTED) {
    const value = node[key];
    const next = Array.isArray(value) ? rewriteAll(value as Node[], page) : isNode(value) ? rewrite(value, page) : value;
    if (next !== value) (changed ??= { ...node })[key] = next;
  }
  return (changed as Node | undefined) ?? node;
}

function rewriteAll(nodes: readonly Node[], page: PageValues): readonly Node[] {
  const next = nodes.map((node) => (isNode(node) ? rewrite(node, page) : node));
  return next.some((node, i) => node !== nodes[i]) ? next : nodes;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}
