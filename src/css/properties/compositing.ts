/**
 * `mix-blend-mode` and `isolation` (Compositing and Blending 1 §3): an element drawn as one group
 * blended with what is behind it, and a group that confines its descendants' blending. Every
 * separable and non-separable mode maps to the PDF blend mode of the same name (ISO 32000-1
 * §11.3.5); `plus-lighter` and `plus-darker` have none and are drawn as `normal`, with a warning.
 */
import type { MixBlendMode } from '../model/types.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';
import { identOf } from '../values/nodes.js';

const MODES: readonly MixBlendMode[] = [
  'normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge', 'color-burn', 'hard-light', 'soft-light',
  'difference', 'exclusion', 'hue', 'saturation', 'color', 'luminosity',
];
const ALLOWED: ReadonlySet<string> = new Set(MODES);

const mixBlendMode = longhand<'mixBlendMode', MixBlendMode>({
  name: 'mix-blend-mode', key: 'mixBlendMode', inherited: false, initial: 'normal',
  parse: (nodes, ctx) => {
    const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
    if (word === 'plus-lighter' || word === 'plus-darker') {
      ctx.unsupported(`\`mix-blend-mode: ${word}\` (PDF has no such blend mode: drawn as \`normal\`)`);
      return 'normal';
    }
    return word !== undefined && ALLOWED.has(word) ? word as MixBlendMode : INVALID;
  },
  compute: (value) => value,
});

export const COMPOSITING_PROPERTIES: readonly PropertyDef[] = [
  mixBlendMode,
  keywordProperty({ name: 'isolation', key: 'isolation', keywords: ['auto', 'isolate'], initial: 'auto', inherited: false }),
];
