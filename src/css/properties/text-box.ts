/**
 * `text-box-trim`, `text-box-edge` and their shorthand `text-box` (CSS Inline 3 §4): a block's
 * first line trimmed above to its font's cap height (or x-height or ascent), its
 * last line below to the baseline (or descent), as Chromium trims them — so that a heading or a
 * button's label sits where its letters are, not where its line's leading is. The lines are found
 * when boxes are built (boxes/text-box-trim.ts) and trimmed in layout (layout/block/text-box-trim.ts).
 */
import type { TextBoxEdge, TextEdgeOver, TextEdgeUnder } from '../model/types.js';
import { identOf, singleIdent } from '../values/nodes.js';
import type { Nodes } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

const TRIMS = new Set(['none', 'trim-start', 'trim-end', 'trim-both']);
const OVER: ReadonlySet<string> = new Set<TextEdgeOver>(['text', 'cap', 'ex']);
const UNDER: ReadonlySet<string> = new Set<TextEdgeUnder>(['text', 'alphabetic']);
const AUTO_EDGE: TextBoxEdge = { over: 'text', under: 'text' };

/** `auto | <text-edge>`: one keyword stands for both sides when it names both (`text`). */
function parseEdge(nodes: Nodes): TextBoxEdge | undefined {
  const words = nodes.map(identOf);
  if (words.length === 1 && words[0] === 'auto') return AUTO_EDGE;
  const [over, under] = words;
  if (over === undefined || !OVER.has(over) || words.length > 2) return undefined;
  if (under === undefined) return UNDER.has(over) ? { over: over as TextEdgeOver, under: over as TextEdgeUnder } : undefined;
  return UNDER.has(under) ? { over: over as TextEdgeOver, under: under as TextEdgeUnder } : undefined;
}

const textBoxTrim = keywordProperty({ name: 'text-box-trim', key: 'textBoxTrim', inherited: false, initial: 'none', keywords: ['none', 'trim-start', 'trim-end', 'trim-both'] });

const textBoxEdge = longhand<'textBoxEdge', TextBoxEdge>({
  name: 'text-box-edge', key: 'textBoxEdge', inherited: true, initial: AUTO_EDGE,
  parse: (nodes: Nodes) => parseEdge(nodes) ?? INVALID,
  compute: (value) => value,
});

/** `normal | <'text-box-trim'> || <'text-box-edge'>`: an edge alone trims both sides. */
const textBox = shorthand('text-box', ['text-box-trim', 'text-box-edge'], (nodes: Nodes) => {
  if (singleIdent(nodes) === 'normal') return new Map<string, unknown>([['text-box-trim', RESET], ['text-box-edge', RESET]]);
  const first = identOf(nodes[0]);
  const last = identOf(nodes[nodes.length - 1]);
  const trimAt = first !== undefined && TRIMS.has(first) ? 0 : last !== undefined && TRIMS.has(last) && nodes.length > 1 ? nodes.length - 1 : -1;
  const edgeNodes = trimAt < 0 ? nodes : nodes.filter((_, i) => i !== trimAt);
  const edge = edgeNodes.length === 0 ? AUTO_EDGE : parseEdge(edgeNodes);
  if (edge === undefined || nodes.length === 0) return INVALID;
  return new Map<string, unknown>([['text-box-trim', trimAt < 0 ? 'trim-both' : identOf(nodes[trimAt])], ['text-box-edge', edge]]);
});

export const TEXT_BOX_PROPERTIES: readonly PropertyDef[] = [textBoxTrim, textBoxEdge, textBox];
