/**
 * CSS Writing Modes 3/4: `writing-mode` (§3.1, with the SVG 1.1 aliases of §3.1.1),
 * `text-orientation` (§5.1) and `text-combine-upright` (§9.1). How octavo lays vertical text out
 * is layout/orthogonal.ts.
 */
import type { PropertyDef } from './define.js';
import { keywordProperty } from './define.js';


export const WRITING_MODE_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({
    name: 'writing-mode',
    key: 'writingMode',
    keywords: ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'],
    initial: 'horizontal-tb',
    inherited: true,
    aliases: { 'lr': 'horizontal-tb', 'lr-tb': 'horizontal-tb', 'rl': 'horizontal-tb', 'rl-tb': 'horizontal-tb', 'tb': 'vertical-rl', 'tb-rl': 'vertical-rl' },
  }),
  keywordProperty({ name: 'text-orientation', key: 'textOrientation', keywords: ['mixed', 'upright', 'sideways'], initial: 'mixed', inherited: true, aliases: { 'sideways-right': 'sideways' } }),
  keywordProperty({ name: 'text-combine-upright', key: 'textCombineUpright', keywords: ['none', 'all'], initial: 'none', inherited: true }),
];
