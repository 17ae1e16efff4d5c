/**
 * What a hyphenation break looks like and where it may fall (CSS Text 4 §7.2, §7.3):
 * `hyphenate-character` (the string drawn at the break, soft hyphens' and automatic ones') and
 * `hyphenate-limit-chars` (the shortest word `hyphens: auto` breaks, and the fewest characters
 * before and after its break). Both inherit; layout/inline/split.ts applies them.
 */
import type { HyphenateLimitChars } from '../model/types.js';
import { identOf, stringOf } from '../values/nodes.js';
import { parseNumber } from './common.js';
import type { Nodes } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

const hyphenateCharacter = longhand<'hyphenateCharacter', 'auto' | { readonly text: string }>({
  name: 'hyphenate-character', key: 'hyphenateCharacter', inherited: true, initial: 'auto',
  parse: (nodes: Nodes) => {
    if (nodes.length !== 1) return INVALID;
    if (identOf(nodes[0]) === 'auto') return 'auto';
    const text = stringOf(nodes[0]);
    return text === undefined ? INVALID : { text };
  },
  compute: (value) => value,
});

/** `[ auto | <integer [1,∞]> ]{1,3}`: a missing third value is the second, a missing second `auto`. */
const hyphenateLimitChars = longhand<'hyphenateLimitChars', HyphenateLimitChars>({
  name: 'hyphenate-limit-chars', key: 'hyphenateLimitChars', inherited: true, initial: { word: 'auto', before: 'auto', after: 'auto' },
  parse: (nodes: Nodes) => {
    if (nodes.length === 0 || nodes.length > 3) return INVALID;
    const values: ('auto' | number)[] = [];
    for (const node of nodes) {
      if (identOf(node) === 'auto') { values.push('auto'); continue; }
      const value = parseNumber(node, { integer: true });
      if (value === undefined || value < 1) return INVALID;
      values.push(value);
    }
    const [word, before = 'auto', after = before] = values as [HyphenateLimitChars['word'], ...HyphenateLimitChars['word'][]];
    return { word, before, after };
  },
  compute: (value) => value,
});

export const HYPHENATION_PROPERTIES: readonly PropertyDef[] = [hyphenateCharacter, hyphenateLimitChars];

/** Chromium's prefixed name, still in templates written for Safari and old Chromium. */
export const HYPHENATION_ALIASES: Readonly<Record<string, string>> = { '-webkit-hyphenate-character': 'hyphenate-character' };
