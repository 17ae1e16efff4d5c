/** CSS Fragmentation 3 and CSS Paged Media 3: breaks, orphans/widows, named pages. */
import type { BreakInside, BreakValue } from '../model/types.js';
import { identOf } from '../values/nodes.js';
import { numberProperty } from './common.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand, shorthand } from './define.js';

const BREAK_VALUES: readonly BreakValue[] = ['auto', 'avoid', 'always', 'all', 'page', 'left', 'right', 'recto', 'verso', 'avoid-page', 'column', 'avoid-column'];
const BREAK_INSIDE: readonly BreakInside[] = ['auto', 'avoid', 'avoid-page', 'avoid-column'];

/** `page-break-*` are legacy shorthands of `break-*` (CSS Fragmentation 3 §3.4): always -> page. */
function legacyBreak(name: string, target: string, allowed: readonly string[]): PropertyDef {
  return shorthand(name, [target], (nodes) => {
    const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
    if (word === undefined || !allowed.includes(word)) return INVALID;
    return new Map([[target, word === 'always' ? 'page' : word]]);
  });
}

const LEGACY_BREAK = ['auto', 'always', 'avoid', 'left', 'right', 'recto', 'verso'];

export const FRAGMENTATION_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: 'break-before', key: 'breakBefore', keywords: BREAK_VALUES, initial: 'auto', inherited: false }),
  keywordProperty({ name: 'break-after', key: 'breakAfter', keywords: BREAK_VALUES, initial: 'auto', inherited: false }),
  keywordProperty({ name: 'break-inside', key: 'breakInside', keywords: BREAK_INSIDE, initial: 'auto', inherited: false }),
  legacyBreak('page-break-before', 'break-before', LEGACY_BREAK),
  legacyBreak('page-break-after', 'break-after', LEGACY_BREAK),
  legacyBreak('page-break-inside', 'break-inside', ['auto', 'avoid']),
  numberProperty('orphans', 'orphans', 2, true, { integer: true, min: 1 }),
  numberProperty('widows', 'widows', 2, true, { integer: true, min: 1 }),
  longhand<'page', string>({
    name: 'page',
    key: 'page',
    inherited: false,
    initial: 'auto',
    parse: (nodes) => (nodes.length === 1 && nodes[0]!.type === 'Identifier' ? (identOf(nodes[0]) === 'auto' ? 'auto' : nodes[0].name) : INVALID),
    compute: (value) => value,
  }),
  keywordProperty({ name: 'box-decoration-break', key: 'boxDecorationBreak', keywords: ['slice', 'clone'], initial: 'slice', inherited: false }),
];

export const FRAGMENTATION_ALIASES: Readonly<Record<string, string>> = {
  '-webkit-box-decoration-break': 'box-decoration-break',
  '-webkit-column-break-before': 'break-before',
  '-webkit-column-break-after': 'break-after',
  '-webkit-column-break-inside': 'break-inside',
};
