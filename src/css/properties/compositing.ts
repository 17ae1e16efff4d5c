/**
 * `mix-blend-mode` and `isolation` (Compositing and Blending 1 §3): an element drawn as one group
 * blended with what is behind it, and a group that confines its descendants' blending. Every
 * separable and non-separable mode maps to the PDF blend mode of the same name (ISO 32000-1
 * §11.3.5); `plus-lighter` and `plus-darker` have none and are drawn as `normal`, with a warning.
 */
import type { MixBlendMode } from '../model/types.js';
import type { Nodes, ParseContext, PropertyDef } from './define.js';
import { layered } from './backgrounds.js';
import { INVALID, keywordProperty, longhand } from './define.js';
import { identOf } from '../values/nodes.js';

const MODES: readonly MixBlendMode[] = [
  'normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge', 'color-burn', 'hard-light', 'soft-light',
  'difference', 'exclusion', 'hue', 'saturation', 'color', 'luminosity',
];
const ALLOWED: ReadonlySet<string> = new Set(MODES);

/** One `<blend-mode>`; undefined when it is not one. */
function blendMode(nodes: Nodes, ctx: ParseContext, property: string): MixBlendMode | undefined {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  if (word === 'plus-lighter' || word === 'plus-darker') {
    ctx.unsupported(`\`${property}: ${word}\` (PDF has no such blend mode: drawn as \`normal\`)`);
    return 'normal';
  }
  return word !== undefined && ALLOWED.has(word) ? word as MixBlendMode : undefined;
}

const mixBlendMode = longhand<'mixBlendMode', MixBlendMode>({
  name: 'mix-blend-mode', key: 'mixBlendMode', inherited: false, initial: 'normal',
  parse: (nodes, ctx) => blendMode(nodes, ctx, 'mix-blend-mode') ?? INVALID,
  compute: (value) => value,
});

/** `background-blend-mode: <blend-mode>#` (§3.3): each background layer blended with the layers and colour under it. */
const backgroundBlendMode = layered<MixBlendMode, MixBlendMode>('background-blend-mode', 'backgroundBlendMode', ['normal'], (nodes, ctx) => blendMode(nodes, ctx, 'background-blend-mode'), (value) => value);

export const COMPOSITING_PROPERTIES: readonly PropertyDef[] = [
  mixBlendMode,
  backgroundBlendMode,
  keywordProperty({ name: 'isolation', key: 'isolation', keywords: ['auto', 'isolate'], initial: 'auto', inherited: false }),
];
