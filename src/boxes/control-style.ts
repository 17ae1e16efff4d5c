/** Style pieces the drawn form controls share (form-controls.ts, form-pickers.ts). */
import type { Color, ComputedStyle } from '../css/types.js';

/** A 1px (or `width`) solid border of one colour on all four sides. */
export function solidBorder(width: number, color: Color): Pick<ComputedStyle,
  'borderTopWidth' | 'borderRightWidth' | 'borderBottomWidth' | 'borderLeftWidth' | 'borderTopStyle' | 'borderRightStyle' | 'borderBottomStyle' | 'borderLeftStyle'
  | 'borderTopColor' | 'borderRightColor' | 'borderBottomColor' | 'borderLeftColor'> {
  return {
    borderTopWidth: width, borderRightWidth: width, borderBottomWidth: width, borderLeftWidth: width,
    borderTopStyle: 'solid', borderRightStyle: 'solid', borderBottomStyle: 'solid', borderLeftStyle: 'solid',
    borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color,
  };
}

/** Chromium puts a drawn control's border-box bottom (not its margin's) on the baseline: a checkbox's, a slider's. */
export function onBorderBoxBaseline(style: ComputedStyle): ComputedStyle {
  const below = typeof style.marginBottom === 'number' ? style.marginBottom : 0;
  return style.verticalAlign === 'baseline' && below !== 0 ? { ...style, verticalAlign: -below } : style;
}
