/** The PDF blend mode of each CSS `<blend-mode>` (ISO 32000-1 §11.3.5 names them as CSS does); undefined for `normal`. */
import type { MixBlendMode } from '../css/types.js';
import type { BlendMode } from './display-list.js';

const BLEND_MODES: Readonly<Record<Exclude<MixBlendMode, 'normal'>, BlendMode>> = {
  multiply: 'Multiply', screen: 'Screen', overlay: 'Overlay', darken: 'Darken', lighten: 'Lighten', 'color-dodge': 'ColorDodge',
  'color-burn': 'ColorBurn', 'hard-light': 'HardLight', 'soft-light': 'SoftLight', difference: 'Difference', exclusion: 'Exclusion',
  hue: 'Hue', saturation: 'Saturation', color: 'Color', luminosity: 'Luminosity',
};

export function pdfBlendMode(mode: MixBlendMode): BlendMode | undefined {
  return mode === 'normal' ? undefined : BLEND_MODES[mode];
}
