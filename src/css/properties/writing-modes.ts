/**
 * CSS Writing Modes 3/4: `writing-mode` (§3.1, with the SVG 1.1 aliases of §3.1.1),
 * `text-orientation` (§5.1) and `text-combine-upright` (§9.1). How octavo lays vertical text out
 * is layout/orthogonal.ts.
 */
import type { PropertyDef } from './define.js';
import { keywordProperty } from './define.js';


export const WRITING_MODES = ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'] as const;
/** The SVG 1.1 values (§3.1.1), also read by the SVG painter's own styles (resources/svg-style.ts). */
export const WRITING_MODE_ALIASES: Readonly<Record<string, (typeof WRITING_MODES)[number]>> = {
  'lr': 'horizontal-tb', 'lr-tb': 'horizontal-tb', 'rl': 'horizontal-tb', 'rl-tb': 'horizontal-tb', 'tb': 'vertical-rl', 'tb-rl': 'vertical-rl',
};
export const TEXT_ORIENTATIONS = ['mixed', 'upright', 'sideways'] as const;
export const TEXT_ORIENTATION_ALIASES: Readonly<Record<string, (typeof TEXT_ORIENTATIONS)[number]>> = { 'sideways-right': 'sideways' };

export const WRITING_MODE_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: 'writing-mode', key: 'writingMode', keywords: WRITING_MODES, initial: 'horizontal-tb', inherited: true, aliases: WRITING_MODE_ALIASES }),
  keywordProperty({ name: 'text-orientation', key: 'textOrientation', keywords: TEXT_ORIENTATIONS, initial: 'mixed', inherited: true, aliases: TEXT_ORIENTATION_ALIASES }),
  keywordProperty({ name: 'text-combine-upright', key: 'textCombineUpright', keywords: ['none', 'all'], initial: 'none', inherited: true }),
];
