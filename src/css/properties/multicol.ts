/** CSS Multi-column Layout 1 §3-§7: column count and width, rules, spanning and filling (`column-gap` is in flexbox.ts, shared with gap). */
import type { CssNode } from 'css-tree';
import type { BorderStyle } from '../model/types.js';
import { parseColor } from '../values/color.js';
import { identOf, numberOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { colorProperty, numberProperty } from './common.js';
import { BORDER_STYLES, computeLineWidth, parseBorderWidth } from './borders.js';
import type { PropertyDef } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

/** `column-width: auto | <length [0,∞]>` (§3.1). */
function parseColumnWidth(node: CssNode | undefined): SpecifiedLength | 'auto' | undefined {
  if (identOf(node) === 'auto') return 'auto';
  return parseLength(node, {});
}

const columnWidth = longhand<'columnWidth', SpecifiedLength | 'auto'>({
  name: 'column-width',
  key: 'columnWidth',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => (nodes.length === 1 ? parseColumnWidth(nodes[0]) ?? INVALID : INVALID),
  compute: (value, ctx) => {
    if (value === 'auto') return 'auto';
    const px = computeLength(value, ctx);
    return typeof px === 'number' ? Math.max(0, px) : 'auto';
  },
});

/** `columns: <'column-width'> || <'column-count'>` (§3.3): a number is the count, a length the width, `auto` either. */
const columns = shorthand('columns', ['column-width', 'column-count'], (nodes) => {
  if (nodes.length < 1 || nodes.length > 2) return INVALID;
  let width: unknown = RESET;
  let count: unknown = RESET;
  for (const node of nodes) {
    if (identOf(node) === 'auto') continue;
    const number = node.type === 'Number' ? numberOf(node) : undefined;
    if (number !== undefined) {
      if (count !== RESET || !Number.isInteger(number) || number < 1) return INVALID;
      count = number;
      continue;
    }
    const length = parseLength(node, {});
    if (length === undefined || width !== RESET) return INVALID;
    width = length;
  }
  return new Map<string, unknown>([['column-width', width === RESET ? 'auto' : width], ['column-count', count === RESET ? 'auto' : count]]);
});

const ruleStyle = keywordProperty({ name: 'column-rule-style', key: 'columnRuleStyle', keywords: BORDER_STYLES, initial: 'none', inherited: false });

/** Computed like a border width (§4.2): a length or thin/medium/thick. */
const ruleWidth = longhand<'columnRuleWidth', SpecifiedLength>({
  name: 'column-rule-width',
  key: 'columnRuleWidth',
  inherited: false,
  initial: 3,
  parse: (nodes) => (nodes.length === 1 ? parseBorderWidth(nodes[0]) ?? INVALID : INVALID),
  compute: computeLineWidth,
});

/** `column-rule: <width> || <style> || <color>` (§4.4). */
const columnRule = shorthand('column-rule', ['column-rule-width', 'column-rule-style', 'column-rule-color'], (nodes) => {
  let width: unknown = RESET;
  let style: unknown = RESET;
  let color: unknown = RESET;
  if (nodes.length === 0 || nodes.length > 3) return INVALID;
  for (const node of nodes) {
    const word = identOf(node);
    if (style === RESET && word !== undefined && (BORDER_STYLES as readonly string[]).includes(word)) { style = word as BorderStyle; continue; }
    const asWidth = width === RESET ? parseBorderWidth(node) : undefined;
    if (asWidth !== undefined) { width = asWidth; continue; }
    const asColor = color === RESET ? parseColor(node) : undefined;
    if (asColor !== undefined) { color = asColor; continue; }
    return INVALID;
  }
  return new Map<string, unknown>([['column-rule-width', width], ['column-rule-style', style], ['column-rule-color', color]]);
});

export const MULTICOL_PROPERTIES: readonly PropertyDef[] = [
  numberProperty('column-count', 'columnCount', 'auto', false, { integer: true, min: 1, keywords: ['auto'] }),
  columnWidth,
  columns,
  ruleWidth,
  ruleStyle,
  colorProperty('column-rule-color', 'columnRuleColor', 'currentcolor', false),
  columnRule,
  keywordProperty({ name: 'column-span', key: 'columnSpan', keywords: ['none', 'all'], initial: 'none', inherited: false }),
  keywordProperty({ name: 'column-fill', key: 'columnFill', keywords: ['auto', 'balance', 'balance-all'], initial: 'balance', inherited: false }),
];
